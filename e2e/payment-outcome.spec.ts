import { password, payAtApi, registerAccount, teacherWithCourse } from './course-helpers'
import { expect, logIn, test } from './fixtures'

// Issue 16: "Payment received" and "you have not been charged" are said only about the visitor's
// own payment (the processing page's ?payment=); anyone else is taken to the course's checkout.
// e2e/http/payment-pages.spec.ts checks every combination over HTTP.

test('a student sent another student’s outcome page is taken to the course instead', async ({
	page,
	request,
}) => {
	const { course } = await teacherWithCourse(request, { category: 'Arts', price: 35 })
	const [owner, visitor] = await Promise.all([
		registerAccount(request, 'student', 'Owen'),
		registerAccount(request, 'student', 'Vic'),
	])
	const payment = await payAtApi(request, owner, course.id, '4000000000000002')

	await logIn(page, visitor.email, password)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	for (const outcome of ['failed', 'success']) {
		await page.goto(`/courses/${course.id}/${outcome}?payment=${payment.id}`)
		await expect(page).toHaveURL(new RegExp(`/course/${course.id}/checkout$`))
		await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
		await expect(
			page.getByText(/you have not been charged|Payment received|Payment successful/),
		).toHaveCount(0)
	}
	await page.goto(`/courses/${course.id}/success`)
	await expect(page).toHaveURL(new RegExp(`/course/${course.id}/checkout$`))
})
