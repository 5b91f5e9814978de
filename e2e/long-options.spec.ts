import type { Page } from '@playwright/test'
import { demoPassword, expect, hydrated, logIn, test } from './fixtures'

// A filter's select is as wide as its longest option; in a longer language (the pseudo-locale
// pads a third, German or Finnish more) that option can be wider than a phone, and the filter row
// pushed the whole page sideways (found by the pseudo-locale sweep, issue 40). Each filter here
// gets an option of a longer language's length; the page must stay as wide as the phone.

const LONG = 'Ŀàńĝũàĝē ţĥàţ ńēēďś ḿōŕē ŕōōḿ ţĥàń Ēńĝĺĩśĥ ďōēś ƒōŕ ţĥĩś ōƥţĩōń'

test.use({ viewport: { width: 360, height: 740 } })

async function lengthenOptionsAndMeasure(page: Page, url: string) {
	await page.goto(url)
	const selects = page.locator('main select')
	expect(await selects.count(), `${url} has a filter`).toBeGreaterThan(0)
	// React compares each option's text as it hydrates: change it only after.
	await hydrated(page, 'main select option')
	await page.evaluate((text) => {
		for (const select of document.querySelectorAll('main select'))
			for (const option of (select as HTMLSelectElement).options) option.text = text
	}, LONG)
	return page.evaluate(() => document.documentElement.scrollWidth)
}

test("a teacher's filters take a longer language's options on a phone", async ({ page }) => {
	await logIn(page, 'teacher@example.com', demoPassword)
	await expect(page).not.toHaveURL(/\/login/)
	for (const url of [
		'/teachersdashboard/qa/templates',
		'/teachersdashboard/tasks',
		'/teachersdashboard/schedule',
	])
		expect(await lengthenOptionsAndMeasure(page, url), url).toBeLessThanOrEqual(360)
})

test("a student's and a visitor's filters take a longer language's options on a phone", async ({
	page,
}) => {
	expect(await lengthenOptionsAndMeasure(page, '/courses')).toBeLessThanOrEqual(360)
	await logIn(page, 'student@example.com', demoPassword)
	await expect(page).not.toHaveURL(/\/login/)
	expect(await lengthenOptionsAndMeasure(page, '/studentdashboard/library')).toBeLessThanOrEqual(
		360,
	)
})
