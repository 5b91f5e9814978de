import type { APIRequestContext } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import { uniqueEmail } from './fixtures'

// Data for the course and payment journeys, made straight through the reference API so that each
// test owns its accounts and courses and tests can run in parallel and in any order.

export const password = 'a-good-password'

/** A new account through the API (its verification mail is sent too), named `firstName` Tester. */
export async function registerAccount(
	request: APIRequestContext,
	role: 'student' | 'tutor',
	firstName: string,
	email = uniqueEmail(role),
) {
	const answer = await request.post(`${apiUrl}/auth/register-${role}`, {
		data: { firstName, lastName: 'Tester', email, password },
	})
	if (answer.status() !== 201) throw new Error(`register ${role}: ${answer.status()}`)
	return { email, name: `${firstName} Tester` }
}

export async function apiToken(request: APIRequestContext, email: string) {
	const answer = await request.post(`${apiUrl}/auth/login`, { data: { email, password } })
	const body = (await answer.json()) as { user: { accessToken: string } }
	return body.user.accessToken
}

/**
 * The buyer pays for a course straight at the API, as the provider's webhook settles it: the app
 * sees nothing of it. The default card succeeds; '4000000000000002' is declined.
 */
export async function payAtApi(
	request: APIRequestContext,
	buyer: { email: string; name: string },
	courseId: string,
	cardNumber = '4242424242424242',
) {
	const headers = { authorization: `Bearer ${await apiToken(request, buyer.email)}` }
	const started = await request.post(`${apiUrl}/payments/checkout`, {
		headers,
		data: { courseId },
	})
	const { payment } = (await started.json()) as { payment: { id: string } }
	const paid = await request.post(`${apiUrl}/payments/${payment.id}/pay`, {
		headers,
		data: {
			cardNumber,
			expMonth: 12,
			expYear: new Date().getFullYear() + 2,
			cvc: '123',
			name: buyer.name,
		},
	})
	if (paid.status() !== 200) throw new Error(`pay: ${paid.status()}`)
	return payment
}

/** A teacher with one course of their own (published unless told otherwise). */
export async function teacherWithCourse(
	request: APIRequestContext,
	{
		category = 'Arts',
		isPublished = true,
		price = 45,
	}: { category?: string; isPublished?: boolean; price?: number } = {},
) {
	const teacher = await registerAccount(request, 'tutor', 'Tina')
	const token = await apiToken(request, teacher.email)
	const title = `Watercolour ${Math.random().toString(36).slice(2, 8)}`
	const answer = await request.post(`${apiUrl}/courses/create-course`, {
		headers: { authorization: `Bearer ${token}` },
		data: {
			title,
			description: 'Paint light and water with simple materials.',
			category,
			level: 'Beginner',
			price: { amount: price, currency: 'USD' },
			isPublished,
		},
	})
	if (answer.status() !== 201) throw new Error(`create course: ${answer.status()}`)
	const { course } = (await answer.json()) as { course: { id: string; title: string } }
	return { teacher, course }
}

/** The course as its owner reads it from the API (tokens live 12 s here, so a fresh one each time). */
export async function courseAnswer(request: APIRequestContext, id: string, ownerEmail: string) {
	const token = await apiToken(request, ownerEmail)
	const answer = await request.get(`${apiUrl}/courses/${id}`, {
		headers: { authorization: `Bearer ${token}` },
	})
	if (answer.status() !== 200) return { status: answer.status(), course: null }
	return {
		status: 200,
		course: (
			(await answer.json()) as {
				course: { title: string; enrolledStudents: number; isPublished: boolean }
			}
		).course,
	}
}
