import { expect, test } from './fixtures'

// Issue 40: the frame's pages (home, log in, sign up) speak the visitor's language, chosen from
// the browser's Accept-Language with no account and no JavaScript needed; Arabic reads right to
// left and fits a 360 px phone.

test.describe('a visitor whose browser asks for Spanish', () => {
	test.use({ locale: 'es-ES' })

	test('sees the home page, log in and sign-up in Spanish', async ({ page }) => {
		await page.goto('/')
		await expect(page.locator('html')).toHaveAttribute('lang', 'es')
		await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
		await expect(
			page.getByRole('heading', {
				level: 1,
				name: 'Aprende con docentes reales, a tu ritmo y en cualquier dispositivo.',
			}),
		).toBeVisible()
		await expect(page.getByRole('link', { name: 'Crear una cuenta gratis' })).toBeVisible()
		await expect(page).toHaveTitle(
			'TutorHub: cursos, pruebas y clases en directo con docentes reales',
		)

		await page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' }).click()
		await expect(page).toHaveURL(/\/login$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
		await expect(page.getByLabel('Correo electrónico')).toBeVisible()
		await expect(page.getByLabel('Contraseña')).toBeVisible()
		await expect(page.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toBeVisible()

		await page.goto('/signup/student')
		await expect(
			page.getByRole('heading', { level: 1, name: 'Crear una cuenta de estudiante' }),
		).toBeVisible()
		await expect(page.getByRole('button', { name: 'Crear cuenta' })).toBeVisible()
		await expect(page).toHaveTitle('Crear una cuenta de estudiante | TutorHub')
		// A refused form answers in Spanish too (the server's validation, the same with JavaScript off).
		await page.getByRole('button', { name: 'Crear cuenta' }).click()
		await expect(page.getByText('Escribe tu nombre')).toBeVisible()
	})
})

test.describe('a visitor whose browser asks for Arabic', () => {
	test.use({ locale: 'ar', viewport: { width: 360, height: 740 } })

	test('reads the home page, log in and sign-up in Arabic, right to left, within 360 px', async ({
		page,
	}) => {
		const fits = async () =>
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
				360,
			)

		await page.goto('/')
		await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
		await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
		await expect(
			page.getByRole('heading', {
				level: 1,
				name: 'تعلّم مع معلمين حقيقيين، بالسرعة التي تناسبك وعلى أي جهاز.',
			}),
		).toBeVisible()
		await expect(page.getByRole('heading', { name: 'مصمَّم لكل من في الصف' })).toBeVisible()
		await fits()

		await page.goto('/login')
		await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
		await expect(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeVisible()
		await expect(page.getByLabel('البريد الإلكتروني')).toBeVisible()
		await fits()

		await page.goto('/signup/student')
		await expect(page.getByRole('heading', { level: 1, name: 'إنشاء حساب طالب' })).toBeVisible()
		await expect(page.getByRole('button', { name: 'إنشاء الحساب' })).toBeVisible()
		await fits()
	})
})
