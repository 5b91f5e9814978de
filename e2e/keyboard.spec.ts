import type { Locator, Page } from '@playwright/test'
import { activeTemplate, callApi, register, apiLogin, password } from './a11y-data'
import { expect, test } from './fixtures'

// Keyboard-only journeys: after the first page.goto, only the keyboard (Tab, Shift+Tab, Enter,
// Space, arrows, typing). Locators are used to look, never to act. Every element that takes
// focus on the way must show it.

/** The focused element shows a focus indicator: an outline or a box shadow (a ring). */
async function expectVisibleFocus(page: Page) {
	const focus = await page.evaluate(() => {
		const element = document.activeElement
		if (!element || element === document.body) return { ok: false, what: 'nothing focused' }
		const style = getComputedStyle(element)
		const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
		const ring = style.boxShadow !== 'none' && style.boxShadow !== ''
		const what = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}" outline=${style.outlineStyle} ${style.outlineWidth} shadow=${style.boxShadow}`
		return { ok: element.matches(':focus-visible') && (outline || ring), what }
	})
	expect(focus.ok, `visible focus on ${focus.what}`).toBe(true)
}

/** Tabs (forward or back) until the target has focus, checking the focus ring at every stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
	if (await target.evaluate((element) => element === document.activeElement).catch(() => false))
		return
	for (let presses = 0; presses < max; presses += 1) {
		await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
		await expectVisibleFocus(page)
		if (await target.evaluate((element) => element === document.activeElement).catch(() => false))
			return
	}
	throw new Error(`${target} not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`)
}

/** Skip link first, then the login form, typed and sent with Enter. */
async function keyboardLogin(page: Page, email: string, pass = password) {
	await page.keyboard.press('Tab')
	await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
	await expectVisibleFocus(page)
	await expect(page.getByRole('link', { name: 'Skip to content' })).toBeVisible()
	// The skip link moves the keyboard past the header: the next stop is inside the main content.
	await page.keyboard.press('Enter')
	await page.keyboard.press('Tab')
	await expectVisibleFocus(page)
	expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main#main')))).toBe(
		true,
	)
	await tabTo(page, page.getByLabel('Email'), { max: 10 })
	await page.keyboard.type(email)
	await tabTo(page, page.getByLabel('Password'), { max: 3 })
	await page.keyboard.type(pass)
	await tabTo(page, page.getByRole('button', { name: 'Log in' }), { max: 5 })
	await page.keyboard.press('Enter')
}

test('log in with the keyboard alone, after a wrong password', async ({ page }) => {
	const student = await register('student', 'Kay')
	await page.goto('/login')
	await keyboardLogin(page, student.email, 'not-the-password')
	await expect(
		page.locator('form [role="alert"]').getByText('Invalid email or password'),
	).toBeVisible()
	await expect(page).toHaveURL(/\/login/)
	// Back to the form on the same page with Shift+Tab, fix both fields, send with Enter.
	await tabTo(page, page.getByLabel('Email'), { back: true, max: 40 })
	await page.keyboard.press('ControlOrMeta+A')
	await page.keyboard.type(student.email)
	await tabTo(page, page.getByLabel('Password'), { max: 3 })
	await page.keyboard.press('ControlOrMeta+A')
	await page.keyboard.type(password)
	await expect(page.getByLabel('Email')).toHaveValue(student.email)
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	// The area's navigation and log out are reachable too.
	await tabTo(page, page.getByRole('button', { name: 'Log out' }), { max: 10 })
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(/\/login$/)
	await expect(page.getByText('You have been logged out').first()).toBeVisible()
})

test('buy a course with the keyboard alone, logging in on the way', async ({ page }) => {
	const seller = await register('tutor', 'Sel')
	const { accessToken } = await apiLogin(seller.email)
	const title = `Keyboard pottery ${Date.now()}`
	const { course } = await callApi<{ course: { id: string } }>('POST', '/courses/create-course', {
		token: accessToken,
		json: {
			title,
			description: 'Shape clay with your hands.',
			category: 'Arts',
			level: 'Beginner',
			price: { amount: 35, currency: 'USD' },
			isPublished: true,
		},
	})
	const student = await register('student', 'Kim')

	await page.goto(`/courses?category=Arts`)
	await tabTo(page, page.getByRole('link', { name: `Buy ${title}` }), { max: 120 })
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(/\/login\?redirectTo=/)
	await keyboardLogin(page, student.email)
	await expect(page).toHaveURL(new RegExp(`/course/${course.id}/checkout$`))
	await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()

	const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0')
	await tabTo(page, page.getByLabel('Name on card'))
	await page.keyboard.type('Kim Tester')
	await tabTo(page, page.getByLabel('Card number'), { max: 2 })
	await page.keyboard.type('4242 4242 4242 4242')
	await tabTo(page, page.getByLabel('Expiry (MM/YY)'), { max: 2 })
	await page.keyboard.type(`12/${nextYear}`)
	await tabTo(page, page.getByLabel('Security code (CVC)'), { max: 2 })
	await page.keyboard.type('123')
	await tabTo(page, page.getByRole('button', { name: /^Pay \$/ }), { max: 3 })
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(new RegExp(`/courses/${course.id}/success\\?payment=[0-9a-f-]{36}$`))
	await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
	await expect(page.getByText(`You are now enrolled in ${title}.`)).toBeVisible()
})

test('take a test with the keyboard alone', async ({ page }) => {
	const teacher = await register('tutor', 'Tom')
	const title = `Keyboard check ${Date.now()}`
	const templateId = await activeTemplate(teacher.email, title)
	const student = await register('student', 'Tia')

	await page.goto(`/login?redirectTo=${encodeURIComponent(`/studentdashboard/test/${templateId}`)}`)
	await keyboardLogin(page, student.email)
	await expect(page.getByRole('heading', { name: title })).toBeVisible()
	await tabTo(page, page.getByRole('button', { name: 'Start test' }))
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(/\?session=/)

	const question = (n: number) =>
		page.getByRole('group', { name: new RegExp(`^Question ${n} of 3`) })
	// Question 1: the first option is right. Tab enters the radio group; Space chooses.
	await tabTo(page, question(1).getByRole('radio').first())
	await page.keyboard.press('Space')
	await expect(question(1).getByRole('radio', { name: '4' })).toBeChecked()
	// Question 2: arrows move within the group and choose; back up to the right one.
	await tabTo(page, question(2).getByRole('radio').first(), { max: 4 })
	await page.keyboard.press('ArrowDown')
	await expect(question(2).getByRole('radio', { name: '4' })).toBeChecked()
	await page.keyboard.press('ArrowUp')
	await expect(question(2).getByRole('radio', { name: '7' })).toBeChecked()
	// Flag it with Space on its checkbox, then unflag with Shift+Tab back and forth.
	await tabTo(page, question(2).getByRole('checkbox', { name: 'Flag question 2 for review' }), {
		max: 2,
	})
	await page.keyboard.press('Space')
	await expect(
		question(2).getByRole('checkbox', { name: 'Flag question 2 for review' }),
	).toBeChecked()
	// Question 3 left unanswered; submit from the review section.
	await tabTo(page, page.getByRole('button', { name: 'Submit test' }))
	await page.keyboard.press('Enter')
	await expect(page.getByText('Test submitted successfully!').first()).toBeVisible()
	await expect(page).toHaveURL(/\/studentdashboard\/test-result\//)
	await expect(page.getByTestId('score')).toHaveText('2 / 3 (67%)')
})
