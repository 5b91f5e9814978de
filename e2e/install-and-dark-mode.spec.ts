import { expect, test } from './fixtures'

/** Width and height from a PNG's header. */
function pngSize(bytes: Buffer) {
	expect(bytes.subarray(1, 4).toString()).toBe('PNG')
	return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

test('the site can be added to a home screen: manifest, icons and theme colour', async ({
	page,
	request,
}) => {
	await page.goto('/')
	const href = await page.locator('link[rel="manifest"]').getAttribute('href')
	expect(href).toBe('/manifest.webmanifest')
	await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2)
	await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute('content', 'light dark')

	const answer = await request.get(href ?? '')
	expect(answer.headers()['content-type']).toContain('application/manifest+json')
	const manifest = await answer.json()
	expect(manifest).toMatchObject({
		name: 'TutorHub',
		short_name: 'TutorHub',
		start_url: '/',
		display: 'standalone',
		theme_color: '#3730a3',
		background_color: '#f8fafc',
	})
	const icons: { src: string; sizes: string; type: string; purpose: string }[] = manifest.icons
	expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
		'192x192 any',
		'512x512 any',
		'512x512 maskable',
	])
	for (const icon of icons) {
		const image = await request.get(icon.src)
		expect(image.headers()['content-type']).toBe('image/png')
		expect(pngSize(await image.body())).toBe(icon.sizes)
	}
})

test('pages follow the system setting: dark when it is dark, light when it is light', async ({
	page,
}) => {
	await page.emulateMedia({ colorScheme: 'dark' })
	await page.goto('/courses')
	const body = page.locator('body')
	// slate-950 behind slate-50 text.
	await expect(body).toHaveCSS('background-color', 'oklch(0.129 0.042 264.695)')
	await expect(body).toHaveCSS('color', 'oklch(0.984 0.003 247.858)')
	await page.emulateMedia({ colorScheme: 'light' })
	await expect(body).toHaveCSS('background-color', 'oklch(0.984 0.003 247.858)')
})

test('toasts stay dark in dark mode, as the spec has them', async ({ page }, testInfo) => {
	test.skip(
		testInfo.project.name === 'js',
		"Sonner's dark theme has colours of its own; without JavaScript the page renders the toast",
	)
	await page.emulateMedia({ colorScheme: 'dark' })
	await page.goto('/login')
	await page.getByLabel('Email').fill('student@example.com')
	await page.getByLabel('Password').fill('not-the-password')
	await page.getByRole('button', { name: 'Log in' }).click()
	const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('alert')
	// slate-900 behind white, as in light mode.
	await expect(toast).toHaveCSS('background-color', 'oklch(0.208 0.042 265.755)')
	await expect(toast).toHaveCSS('color', 'rgb(255, 255, 255)')
})
