import { expect, test } from '@playwright/test'
import { AppClient, demoPassword, registerUser } from './security-world'

// A card form posted twice at once through the app (a double click without JavaScript, or the
// same checkout open in two tabs) charges the student once and enrols them once.

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')
const card = {
	intent: 'pay',
	name: 'Sam Rivera',
	cardNumber: '4242 4242 4242 4242',
	expiry: `12/${nextYear}`,
	cvc: '123',
}

test('two card-form posts at once charge once and enrol once', async () => {
	const [tutor, student] = await Promise.all([
		registerUser('tutor', 'pay-once-teacher'),
		registerUser('student', 'pay-once-student'),
	])
	const { course } = (await tutor.api.ok('POST', '/courses/create-course', {
		title: 'Pay once',
		description: 'Charged once however often the form is sent.',
		category: 'Mathematics',
		level: 'Beginner',
		price: { amount: 30, currency: 'USD' },
		isPublished: true,
	})) as { course: { id: string } }

	const browser = new AppClient('student')
	const login = await browser.post('/login', {
		email: student.email,
		password: demoPassword,
		as: 'user',
		redirectTo: '',
	})
	expect(login.status).toBe(302)

	const checkout = `/course/${course.id}/checkout`
	const answers = await Promise.all([browser.post(checkout, card), browser.post(checkout, card)])
	// Both land on the same payment's processing page, which shows how it went.
	expect(answers.map((answer) => answer.status)).toEqual([302, 302])
	const [first, second] = answers.map((answer) => answer.location)
	expect(first).toMatch(new RegExp(`^/courses/${course.id}/processing/[0-9a-f-]{36}$`))
	expect(second).toBe(first)

	const paymentId = first!.split('/').pop()!
	const { payment } = (await student.api.ok('GET', `/payments/${paymentId}`)) as {
		payment: { status: string }
	}
	expect(payment.status).toBe('succeeded')

	const { courses } = (await student.api.ok('GET', '/courses/enrolled?limit=100')) as {
		courses: { id: string }[]
	}
	expect(courses.filter((enrolled) => enrolled.id === course.id)).toHaveLength(1)

	// The checkout page, opened again, has nothing left to pay.
	const again = await browser.post(checkout, card)
	expect(again.status).toBe(302)
	expect(again.location).toBe(first)
})
