import type { Browser, TestInfo } from '@playwright/test'
import { registerAccount, password } from './course-helpers'
import { expect, logIn, test } from './fixtures'
import { linkIn, mailsTo, waitForMail } from './mailbox'

// "Where you are signed in" (issue 29, decision 033), JavaScript on and off: the profile lists
// the account's sign-ins by device, and a sign-in ended there is sent to /login on its next page.
// A sign-in from a device the account has not used before is mailed to it.

const NEW_SIGN_IN = 'New sign-in to your TutorHub account'

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_IPHONE =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

/** Another browser, signed in to the account: its own cookies, the same JavaScript setting. */
async function otherDevice(browser: Browser, testInfo: TestInfo, email: string, userAgent: string) {
	const context = await browser.newContext({
		baseURL: testInfo.project.use.baseURL,
		javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
		userAgent,
	})
	const page = await context.newPage()
	await logIn(page, email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	return { context, page }
}

test('the profile lists where the account is signed in and ends one device, then all others', async ({
	page,
	request,
	browser,
}, testInfo) => {
	const { email } = await registerAccount(request, 'student', 'Devi')
	const laptop = await otherDevice(browser, testInfo, email, FIREFOX_LINUX)
	const phone = await otherDevice(browser, testInfo, email, SAFARI_IPHONE)

	await logIn(page, email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)

	// The first sign-in (the laptop) was no news; the phone's and this browser's were.
	const phoneMail = await waitForMail(email, NEW_SIGN_IN)
	expect(phoneMail.text).toContain('Safari on iOS, at the address 127.0.0.1')
	expect(phoneMail.text).toContain('end that session on the page above and change your password')
	await waitForMail(email, NEW_SIGN_IN, 2)
	expect(mailsTo(email).filter((mail) => mail.text.includes('Firefox on Linux'))).toHaveLength(0)
	// The mail's link is the list.
	await page.goto(linkIn(phoneMail, '/studentdashboard/profile'))
	const devices = page.getByRole('region', { name: 'Where you are signed in' })
	const list = devices.getByRole('list', { name: 'Signed-in devices' })
	await expect(list.getByRole('listitem')).toHaveCount(3)
	await expect(list.getByRole('listitem').filter({ hasText: 'This device' })).toContainText(
		'Chrome on Linux',
	)
	await expect(list.getByRole('listitem').filter({ hasText: 'Firefox on Linux' })).toContainText(
		'127.0.0.1',
	)

	await devices.getByRole('button', { name: /^End session: Firefox on Linux/ }).click()
	await expect(page.getByText('That device was logged out.')).toBeVisible()
	await expect(list.getByRole('listitem')).toHaveCount(2)
	await expect(list.getByText('Firefox on Linux')).toHaveCount(0)

	// The ended device's next page is the login page; the other device is still signed in.
	await laptop.page.goto('/studentdashboard/profile')
	await expect(laptop.page).toHaveURL(/\/login/)
	await expect(laptop.page.getByText('Session expired. Please login again.')).toBeVisible()
	await phone.page.goto('/studentdashboard/profile')
	await expect(phone.page).toHaveURL(/\/studentdashboard\/profile$/)

	await devices.getByRole('button', { name: 'End all other sessions' }).click()
	await expect(page.getByText('One other device was logged out.')).toBeVisible()
	await expect(list.getByRole('listitem')).toHaveCount(1)
	await expect(devices.getByText('You are signed in on this device only.')).toBeVisible()
	await phone.page.goto('/studentdashboard')
	await expect(phone.page).toHaveURL(/\/login/)

	// This device stays signed in.
	await page.goto('/studentdashboard/profile')
	await expect(page).toHaveURL(/\/studentdashboard\/profile$/)
	await laptop.context.close()
	await phone.context.close()
})
