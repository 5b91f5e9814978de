import type { Page } from '@playwright/test'
import { demoPassword, expect, test } from './fixtures'
import { newRoom } from './room-fixtures'

// The live rooms in the browser's language (issue 40): a student whose browser asks for Arabic
// opens the rooms list, a classroom and its whiteboard in Arabic, right to left, on a 360 px screen.

/** Logs in by the form's field names, whatever language the login page speaks. */
async function logInAs(page: Page, email: string) {
	await page.goto('/login')
	await page.locator('input[name="email"]').fill(email)
	await page.locator('input[name="password"]').fill(demoPassword)
	await page.locator('input[name="password"]').press('Enter')
	await expect(page).toHaveURL(/\/studentdashboard/)
}

/** Right to left, in Arabic, and nothing wider than the screen. */
async function expectArabicAndFitting(page: Page) {
	await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
	await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
	const widths = await page.evaluate(() => ({
		page: document.documentElement.scrollWidth,
		screen: window.innerWidth,
	}))
	expect(widths.page).toBeLessThanOrEqual(widths.screen)
}

test.describe('in Arabic on a phone', () => {
	test.use({ locale: 'ar', viewport: { width: 360, height: 800 } })

	test('a student opens the live rooms, a classroom and its whiteboard in Arabic, right to left', async ({
		page,
		javaScriptEnabled,
	}) => {
		const title = `Algebra live ${Date.now()}`
		const { id: roomId } = await newRoom(title)
		await logInAs(page, 'student@example.com')

		await page.goto('/conference')
		await expect(page).toHaveTitle('الغرف المباشرة | TutorHub')
		await expect(page.getByRole('heading', { name: 'الغرف المباشرة', level: 1 })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'غرفك' })).toBeVisible()
		await expect(page.getByRole('link', { name: `انضمام ${title}` })).toBeVisible()
		await expectArabicAndFitting(page)

		await page.goto(`/conference/classroom/${roomId}`)
		await expect(page).toHaveTitle(`${title} | TutorHub`)
		await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
		await expect(page.getByText('فصل مباشر', { exact: true })).toBeVisible()
		await expect(page.getByRole('link', { name: 'فتح السبورة', exact: true })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'الدردشة' })).toBeVisible()
		if (javaScriptEnabled) {
			await expect(page.getByText('متصل', { exact: true })).toBeVisible()
			await expect(
				page.getByRole('button', { name: 'الانضمام بالكاميرا والميكروفون' }),
			).toBeVisible()
			await expect(page.getByRole('button', { name: 'رفع اليد' })).toBeVisible()
			await expect(page.getByRole('heading', { name: /^المشاركون \(\d+\)$/ })).toBeVisible()
		} else {
			await expect(page.getByRole('heading', { name: 'ما تحتاجه هذه الغرفة' })).toBeVisible()
			await expect(page.getByRole('button', { name: 'إرسال الرسالة' })).toBeVisible()
		}
		await expectArabicAndFitting(page)

		await page.goto(`/conference/whiteboard/${roomId}`)
		await expect(page.getByText('السبورة', { exact: true }).first()).toBeVisible()
		await expect(page.getByRole('link', { name: 'الانتقال إلى الفصل' })).toBeVisible()
		if (javaScriptEnabled) {
			const tools = page.getByRole('toolbar', { name: 'أدوات الرسم' })
			await expect(tools.getByRole('button', { name: 'قلم', exact: true })).toBeVisible()
			await expect(tools.getByRole('button', { name: 'تراجع' })).toBeVisible()
			// The board's toolbar runs right to left, its drawing does not mirror: a dot put near the
			// canvas' left edge lands on the board's left side.
			const canvas = page.getByTestId('whiteboard-canvas')
			await expect(canvas).toHaveAccessibleName('سبورة بلا رسوم')
			const box = (await canvas.boundingBox())!
			await page.mouse.click(box.x + box.width * 0.1, box.y + box.height / 2)
			await expect(canvas).toHaveAccessibleName('سبورة عليها رسم واحد')
			const painted = await canvas.evaluate((element: HTMLCanvasElement) => {
				const context = element.getContext('2d')!
				const at = (x: number) => context.getImageData(x, 500, 1, 1).data[0]!
				return { left: at(160), right: at(1440) }
			})
			expect(painted.left).toBeLessThan(128)
			expect(painted.right).toBe(255)
		} else {
			await expect(page.getByRole('heading', { name: 'ما تحتاجه هذه الغرفة' })).toBeVisible()
		}
		await expectArabicAndFitting(page)
		await page.screenshot({ path: test.info().outputPath('whiteboard-ar-360.png'), fullPage: true })
	})
})
