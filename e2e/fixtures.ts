import { test as base, expect, type BrowserContext, type Page } from '@playwright/test'
import { apiUrl } from '../playwright.config'

// A console error or an uncaught page error fails the test that caused it. A 4xx answer to a
// user's mistake (a form that fails validation) is expected behaviour, so the browser's
// "Failed to load resource ... 4xx" line for it is not counted. Once a test has taken the network
// away (`context.setOffline(true)` or `dropConnection`), the browser's lines for requests that
// could not leave are not counted either: its own "net::ERR_INTERNET_DISCONNECTED" and React
// Router's "Failed to fetch manifest patches" (it looks ahead for the routes of the links on
// screen, and says so on the console when it cannot).
const offlineLines = [
	/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/,
	/^Failed to fetch manifest patches TypeError: Failed to fetch\b/,
]

/** The browser contexts whose test took the network away. */
const networkTaken = new WeakSet<BrowserContext>()

/**
 * The connection drops for the page's requests to `url` (a glob), while the browser still says it
 * is online: each fails as a disconnected network's would. `page.unroute(url)` brings it back.
 */
export async function dropConnection(page: Page, url: string) {
	networkTaken.add(page.context())
	await page.route(url, (route) => route.abort('internetdisconnected'))
}

/**
 * With JavaScript on, waits until React has hydrated every element `selector` matches (React keeps
 * its fiber on each element it has claimed, and compares the element's text with its own then).
 * A test that changes the page's DOM before that makes React's hydration fail with #418 (the
 * server's text differs), a race the load event does not close: the entry module is imported after
 * it. Without JavaScript there is nothing to wait for.
 */
export async function hydrated(page: Page, selector: string) {
	if (!test.info().project.use.javaScriptEnabled) return
	await page.waitForFunction((selector) => {
		const elements = [...document.querySelectorAll(selector)]
		return (
			elements.length > 0 &&
			elements.every((element) =>
				Object.keys(element).some((key) => key.startsWith('__reactFiber$')),
			)
		)
	}, selector)
}

export const test = base.extend<{ consoleErrors: string[] }>({
	consoleErrors: [
		async ({ page, context }, use) => {
			const errors: string[] = []
			const setOffline = context.setOffline.bind(context)
			context.setOffline = (offline: boolean) => {
				if (offline) networkTaken.add(context)
				return setOffline(offline)
			}
			page.on('console', (message) => {
				if (message.type() !== 'error') return
				const text = message.text()
				if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text))
					return
				// The browser's own favicon request while a test has taken the network away.
				if (message.location().url.endsWith('/favicon.svg')) return
				if (networkTaken.has(context) && offlineLines.some((line) => line.test(text))) return
				errors.push(text)
			})
			page.on('pageerror', (error) => errors.push(error.message))
			await use(errors)
			expect(errors, 'console errors').toEqual([])
		},
		{ auto: true },
	],
})

export { expect }

export const demoPassword = 'DemoPass123!'

export function uniqueEmail(prefix: string) {
	return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

export async function logIn(
	page: Page,
	email: string,
	password = demoPassword,
	as: 'user' | 'organization' = 'user',
) {
	await page.goto(as === 'organization' ? '/login?as=organization' : '/login')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Log in' }).click()
}

export async function logOut(page: Page) {
	await page.getByRole('button', { name: 'Log out' }).click()
	await expect(page).toHaveURL(/\/login$/)
	await expect(page.getByText('You have been logged out')).toBeVisible()
}

/** Signs a new organization up through the sign-up page, which then sends it to the organization's login. */
export async function signUpOrganization(
	page: Page,
	{
		name,
		email,
		password,
		country,
	}: { name: string; email: string; password: string; country: string },
) {
	await page.goto('/signup/organization')
	await page.getByLabel('Organization name').fill(name)
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Kind of organization').selectOption('school')
	await page.getByLabel('Country').fill(country)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByLabel('Confirm password').fill(password)
	await page.getByRole('button', { name: 'Create account' }).click()
}

/** A new school registered straight through the API (its sign-up page has its own journey): its email. */
export async function registerOrganization(name: string, password: string, country = 'FR') {
	const email = uniqueEmail('org')
	const form = new FormData()
	for (const [key, value] of Object.entries({ name, email, password, type: 'school', country }))
		form.append(key, value)
	const registered = await fetch(`${apiUrl}/organizations/register`, { method: 'POST', body: form })
	expect(registered.status, 'the organization is registered').toBe(201)
	return email
}

/** A JSON call to the reference API, answering its status and parsed body. */
export async function callApi(method: string, path: string, json: unknown, token?: string) {
	const response = await fetch(`${apiUrl}${path}`, {
		method,
		headers: {
			'content-type': 'application/json',
			...(token && { authorization: `Bearer ${token}` }),
		},
		body: JSON.stringify(json),
	})
	return { status: response.status, body: await response.json() }
}

/** The wall clock in `zone` at `instant`: its date (YYYY-MM-DD) and minute (HH:MM). */
export function wallClockIn(zone: string, instant: number) {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
		})
			.formatToParts(new Date(instant))
			.map((part) => [part.type, part.value]),
	)
	return {
		date: `${parts.year}-${parts.month}-${parts.day}`,
		time: `${parts.hour}:${parts.minute}`,
	}
}
