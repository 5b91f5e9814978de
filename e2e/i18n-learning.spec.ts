import type { Page } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import { apiToken } from './course-helpers'
import { expect, test } from './fixtures'
import { enrolledCourse, password, registerAccount, uniqueWord } from './library-fixtures'

// Issue 40, the learning area: a visitor whose browser asks for Spanish gets the catalogue, a
// course page and the checkout in Spanish, prices written the Spanish way; a student whose browser
// asks for Arabic reads the dashboard and the certificates page right to left, nothing wider than
// a 360 px phone. JavaScript on and off (the two projects).

/**
 * Logs in by the form's field names, whatever language its labels speak, and waits to land.
 * The form is sent with Enter, which browsers do without JavaScript too.
 */
async function logInAnyLanguage(page: Page, email: string, redirectTo?: string) {
	await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login')
	await page.locator('input[name="email"]').fill(email)
	const passwordField = page.locator('input[name="password"]')
	await passwordField.fill(password)
	await passwordField.press('Enter')
}

/** Nothing on the page reaches past the viewport's width. */
async function expectNoSidewaysScroll(page: Page, width: number) {
	const widest = await page.evaluate(() =>
		Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
	)
	expect(widest).toBeLessThanOrEqual(width)
}

test.describe('a visitor whose browser asks for Spanish', () => {
	test.use({ locale: 'es-ES' })

	test('reads the catalogue, a course page and the checkout in Spanish, prices the Spanish way', async ({
		page,
		request,
	}) => {
		const word = uniqueWord('Acuarela')
		const teacher = await registerAccount('tutor', 'Lucía', 'Ferrer')
		const created = await request.post(`${apiUrl}/courses/create-course`, {
			headers: { authorization: `Bearer ${await apiToken(request, teacher.email)}` },
			data: {
				title: `${word} Álgebra`,
				description: 'Ecuaciones y funciones paso a paso.',
				category: 'Mathematics',
				level: 'Beginner',
				price: { amount: 1249.5, currency: 'EUR' },
				duration: { weeks: 6, hoursPerWeek: 3 },
				isPublished: true,
			},
		})
		expect(created.status()).toBe(201)
		const { course } = (await created.json()) as { course: { id: string; title: string } }

		await page.goto(`/courses?search=${word}`)
		await expect(page.locator('html')).toHaveAttribute('lang', 'es')
		await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
		await expect(page.getByRole('heading', { level: 1, name: 'Cursos' })).toBeVisible()
		await expect(
			page.getByText(
				'Aprende con profesores de verdad. Paga una sola vez con tarjeta y empieza enseguida.',
			),
		).toBeVisible()
		const search = page.getByRole('search', { name: 'Filtrar cursos' })
		await expect(search.getByLabel('Buscar')).toHaveValue(word)
		await expect(search.getByRole('button', { name: 'Mostrar cursos' })).toBeVisible()
		await expect(page.getByText('1 curso encontrado')).toBeVisible()
		const card = page.getByRole('article').filter({ hasText: course.title })
		await expect(card).toContainText('Matemáticas · Principiante')
		await expect(card).toContainText('por Lucía Ferrer')
		await expect(card).toContainText('6 semanas, 3 h/semana')
		// Spanish money: a decimal comma and the euro sign after the amount (English: €1,249.50).
		await expect(card).toContainText(/1249,50\s€/)
		await expect(card.getByRole('link', { name: `Comprar ${course.title}` })).toBeVisible()

		await card.getByRole('link', { name: `Detalles de ${course.title}` }).click()
		await expect(page).toHaveURL(new RegExp(`/courses/${course.id}$`))
		await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Volver a los cursos' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Acerca de este curso' })).toBeVisible()
		await expect(page.getByText('6 semanas, 3 horas por semana')).toBeVisible()
		await expect(page.getByText(/^1249,50\s€$/)).toBeVisible()
		await expect(page.getByRole('link', { name: `Comprar el curso ${course.title}` })).toBeVisible()

		const student = await registerAccount('student', 'Mateo', 'Ruiz')
		await logInAnyLanguage(page, student.email, `/course/${course.id}/checkout`)
		await expect(page).toHaveURL(new RegExp(`/course/${course.id}/checkout$`))
		await expect(page.locator('html')).toHaveAttribute('lang', 'es')
		await expect(page.getByRole('heading', { level: 1, name: 'Pago' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Tu pedido' })).toBeVisible()
		await expect(
			page.getByText(
				'Pagos de prueba: usa la tarjeta 4242 4242 4242 4242 con cualquier fecha de vencimiento futura y cualquier código de 3 dígitos. La tarjeta 4000 0000 0000 0002 se rechaza.',
			),
		).toBeVisible()
		const form = page.getByRole('form', { name: 'Pago con tarjeta' })
		await expect(form.getByLabel('Nombre en la tarjeta')).toBeVisible()
		await expect(form.getByLabel('Número de tarjeta')).toBeVisible()
		await expect(form.getByLabel('Vencimiento (MM/AA)')).toHaveAttribute('placeholder', 'MM/AA')
		await expect(form.getByLabel('Código de seguridad (CVC)')).toBeVisible()
		await expect(form.getByRole('button', { name: /^Pagar 1249,50\s€$/ })).toBeVisible()

		// A mistake is told in Spanish, beside the field, and the page stays in Spanish.
		await form.getByLabel('Nombre en la tarjeta').fill('Mateo Ruiz')
		await form.getByLabel('Número de tarjeta').fill('1234 5678 9012 3456')
		await form.getByLabel('Vencimiento (MM/AA)').fill('13/99')
		await form.getByLabel('Código de seguridad (CVC)').fill('12')
		await form.getByRole('button', { name: /^Pagar/ }).click()
		await expect(page.getByText('Escribe un número de tarjeta válido')).toBeVisible()
		await expect(page.getByText('Escribe la fecha de vencimiento como MM/AA')).toBeVisible()
		await expect(page.getByText('El código de seguridad tiene 3 o 4 dígitos')).toBeVisible()
	})
})

test.describe('a student whose browser asks for Arabic, on a 360 px phone', () => {
	test.use({ locale: 'ar', viewport: { width: 360, height: 780 } })

	test('reads the dashboard and the certificates page right to left, nothing wider than the screen', async ({
		page,
		request,
	}) => {
		const teacher = await registerAccount('tutor', 'Salma', 'Haddad')
		const student = await registerAccount('student', 'Karim', 'Nasser')
		const title = `Geometry ${uniqueWord('g')}`
		const courseId = await enrolledCourse(teacher, [student], title)
		const issued = await request.post(`${apiUrl}/certificates`, {
			headers: { authorization: `Bearer ${await apiToken(request, teacher.email)}` },
			data: { courseId, studentId: student.id },
		})
		expect(issued.ok()).toBe(true)

		await logInAnyLanguage(page, student.email)
		await expect(page).toHaveURL(/\/studentdashboard$/)
		await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
		await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
		await expect(page.getByRole('heading', { level: 1, name: 'مرحبًا، Karim Nasser' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'المهام المستحقة' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'أحدث النتائج' })).toBeVisible()
		await expect(page.getByText('لا توجد نتائج اختبارات بعد.')).toBeVisible()
		await expect(page.getByRole('heading', { name: 'حسابك' })).toBeVisible()
		await expectNoSidewaysScroll(page, 360)

		await page.goto('/studentdashboard/certificates')
		await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
		await expect(page.getByRole('heading', { level: 1, name: 'الشهادات' })).toBeVisible()
		const certificate = page.getByRole('article', { name: title })
		await expect(certificate).toContainText('شهادة إتمام')
		await expect(certificate).toContainText('مُنحت إلى')
		await expect(certificate).toContainText('Karim Nasser')
		await expect(
			certificate.getByRole('link', { name: `تنزيل شهادة ${title} بصيغة PDF` }),
		).toBeVisible()
		await expect(
			certificate.getByRole('link', { name: `صفحة التحقق من شهادة ${title}` }),
		).toBeVisible()
		// The card starts at the right: right to left, not a mirrored left-to-right page.
		const box = await certificate.boundingBox()
		const heading = await certificate.getByRole('heading', { name: title }).boundingBox()
		expect(box && heading && box.x + box.width - (heading.x + heading.width)).toBeLessThan(40)
		await expectNoSidewaysScroll(page, 360)
	})
})
