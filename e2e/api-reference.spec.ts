import { apiUrl } from '../playwright.config'
import { expect, test } from './fixtures'

// The API's reference page (decision 059): Scalar's renderer with its script served by the API,
// so it shows each call, who may call it and its refusals on a machine without the internet.
test('the API reference shows a call and its refusals with nothing from another site', async ({
	page,
}, info) => {
	test.skip(!info.project.use.javaScriptEnabled, 'Scalar renders in the browser')
	const elsewhere: string[] = []
	await page.route(
		(url) => url.hostname !== '127.0.0.1',
		(route) => {
			elsewhere.push(route.request().url())
			return route.abort('internetdisconnected')
		},
	)
	await page.goto(`${apiUrl}/reference#tag/announcements/GET/api/v1/announcements/{id}`)
	await expect(page.getByRole('heading', { name: 'TutorHub API', level: 1 })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'One announcement' })).toBeVisible()
	await expect(page.getByText('A student it is addressed to').first()).toBeVisible()
	await expect(page.getByText('Announcement not found').first()).toBeVisible()
	expect(elsewhere).toEqual([])
})
