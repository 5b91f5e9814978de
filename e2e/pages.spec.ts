import { expect, logIn, test } from './fixtures'

test('public pages render with their navigation', async ({ page }) => {
	for (const [path, heading] of [
		['/', 'Learn with real teachers, at your pace and on any device.'],
		['/pricing', 'Pricing'],
		['/about-us', 'About us'],
		['/contact-us', 'Contact us'],
		['/unauthorized', 'You are not allowed to view that page'],
	] as const) {
		await page.goto(path)
		await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
	}
	await page
		.getByRole('navigation', { name: 'Main' })
		.getByRole('link', { name: 'Pricing' })
		.click()
	await expect(page).toHaveURL(/\/pricing$/)
})

test('an unknown address answers 404 with a page', async ({ page }) => {
	const response = await page.goto('/no-such-page')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})

test('pages carry the security headers and no token reaches the browser', async ({ page }) => {
	const response = await page.goto('/')
	const headers = response?.headers() ?? {}
	expect(headers['content-security-policy']).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/)
	expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/)
	expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
	expect(headers['x-content-type-options']).toBe('nosniff')
	expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')

	await logIn(page, 'teacher@example.com')
	await expect(page).toHaveURL(/\/teachersdashboard$/)
	const session = (await page.context().cookies()).find((cookie) => cookie.name === '__session')
	expect(session?.httpOnly).toBe(true)
	expect(session?.sameSite).toBe('Lax')
	// Access tokens are JWTs ("eyJ..."); refresh tokens are opaque, so look for the session's too.
	const html = await (await page.request.get('/teachersdashboard')).text()
	expect(html).toContain('Welcome')
	expect(html).not.toMatch(/eyJ[\w-]+\.[\w-]+\./)
	expect(html).not.toMatch(/accessToken|refreshToken/)
	expect(await page.evaluate(() => document.cookie)).not.toContain('__session')
})

test('a form posted from another site is refused', async ({ request }) => {
	const response = await request.post('/login', {
		headers: { Origin: 'https://evil.example' },
		form: { email: 'student@example.com', password: 'DemoPass123!' },
		maxRedirects: 0,
	})
	// React Router refuses a foreign Origin itself (400); the app's middleware also refuses
	// Sec-Fetch-Site: cross-site (403). Either way no action runs and no session starts.
	expect([400, 403]).toContain(response.status())
	expect(response.headers()['set-cookie'] ?? '').not.toContain('__session')
})
