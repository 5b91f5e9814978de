import { expect, test } from '@playwright/test'
import { logInApp, registerUser, type ApiClient } from './security-world'

// Issue 16: the success and failed pages speak only of the visitor's own payment, named by the
// processing page (?payment=), for that course and in the matching state. Anything else (another
// student's payment, another course, a payment that went the other way, none at all) is sent to
// the course's checkout, which tells the student where they stand.

const nextYear = new Date().getUTCFullYear() + 2

async function course(teacher: ApiClient, title: string) {
	const { course } = (await teacher.ok('POST', '/courses/create-course', {
		title: `${title} ${Math.random().toString(36).slice(2, 8)}`,
		description: 'Bought by two students in this test.',
		category: 'Mathematics',
		level: 'Beginner',
		price: { amount: 30, currency: 'USD' },
		isPublished: true,
	})) as { course: { id: string } }
	return course.id
}

async function pay(student: ApiClient, courseId: string, cardNumber: string) {
	const { payment } = (await student.ok('POST', '/payments/checkout', { courseId })) as {
		payment: { id: string }
	}
	const paid = await student.call('POST', `/payments/${payment.id}/pay`, {
		cardNumber,
		expMonth: 12,
		expYear: nextYear,
		cvc: '123',
		name: 'Pay Tester',
	})
	expect(paid.status).toBe(200)
	return payment.id
}

test('the outcome pages show only the signed-in student’s own payment', async () => {
	const [tutor, ana, ben] = await Promise.all([
		registerUser('tutor', 'outcome-teacher'),
		registerUser('student', 'outcome-ana'),
		registerUser('student', 'outcome-ben'),
	])
	const [paidCourse, declinedCourse] = await Promise.all([
		course(tutor.api, 'Paid'),
		course(tutor.api, 'Declined'),
	])
	const [anaPaid, anaDeclined, benPaid, benDeclined] = await Promise.all([
		pay(ana.api, paidCourse, '4242424242424242'),
		pay(ana.api, declinedCourse, '4000000000000002'),
		pay(ben.api, paidCourse, '4242424242424242'),
		pay(ben.api, declinedCourse, '4000000000000002'),
	])
	const app = await logInApp('student', ana.email)
	const checkout = (courseId: string) => `/course/${courseId}/checkout`

	const success = await app.get(`/courses/${paidCourse}/success?payment=${anaPaid}`)
	expect(success.status).toBe(200)
	expect(success.text).toContain('Payment successful')
	const failed = await app.get(`/courses/${declinedCourse}/failed?payment=${anaDeclined}`)
	expect(failed.status).toBe(200)
	expect(failed.text).toContain('you have not been charged')

	const elsewhere: [string, string][] = [
		// Another student's payments, though for the same courses and in the matching states.
		[`/courses/${paidCourse}/success?payment=${benPaid}`, paidCourse],
		[`/courses/${declinedCourse}/failed?payment=${benDeclined}`, declinedCourse],
		// No payment, or one that is no payment id at all.
		[`/courses/${paidCourse}/success`, paidCourse],
		[`/courses/${declinedCourse}/failed`, declinedCourse],
		[`/courses/${paidCourse}/success?payment=not-a-payment`, paidCourse],
		// The student's own payment, but for another course or in the other state.
		[`/courses/${declinedCourse}/success?payment=${anaPaid}`, declinedCourse],
		[`/courses/${paidCourse}/failed?payment=${anaDeclined}`, paidCourse],
		[`/courses/${paidCourse}/failed?payment=${anaPaid}`, paidCourse],
		[`/courses/${declinedCourse}/success?payment=${anaDeclined}`, declinedCourse],
	]
	for (const [url, courseId] of elsewhere) {
		const answer = await app.get(url)
		expect(answer.status, url).toBe(302)
		expect(answer.location, url).toBe(checkout(courseId))
		expect(answer.text, url).not.toMatch(/Payment (received|successful|failed)/)
	}
	// A client-side navigation's data request is sent the same way.
	const data = await app.get(`/courses/${paidCourse}/success.data?payment=${benPaid}`)
	expect(data.text).not.toContain('You are now enrolled')
	expect(data.text).toContain(checkout(paidCourse))
})
