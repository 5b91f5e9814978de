import { request, type Page } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import { expect, logIn, uniqueEmail } from './fixtures'

export const password = 'a-good-password'

type Account = { id: string; email: string; name: string }

/** A fresh student or teacher, registered straight through the API (sign-up has its own journeys). */
export async function registerAccount(
	role: 'student' | 'tutor',
	firstName: string,
	lastName: string,
): Promise<Account> {
	const email = uniqueEmail(role)
	const api = await request.newContext()
	try {
		const path = role === 'student' ? '/auth/register-student' : '/auth/register-tutor'
		const registered = await api.post(`${apiUrl}${path}`, {
			data: { firstName, lastName, email, password },
		})
		if (registered.status() !== 201) throw new Error(`register ${role}: ${registered.status()}`)
		const { user } = await registered.json()
		return { id: user.id, email, name: `${firstName} ${lastName}` }
	} finally {
		await api.dispose()
	}
}

/** A published course of the teacher with the students enrolled (the API's test hook). */
export async function enrolledCourse(
	teacher: Account,
	students: Account[],
	title: string,
): Promise<string> {
	const api = await request.newContext()
	try {
		const answer = await api.post(`${apiUrl}/__test/enrolled-course`, {
			data: {
				tutorEmail: teacher.email,
				title,
				studentEmails: students.map((student) => student.email),
			},
		})
		if (answer.status() !== 201) throw new Error(`enrolled course: ${answer.status()}`)
		return (await answer.json()).courseId
	} finally {
		await api.dispose()
	}
}

export const uniqueWord = (prefix: string) =>
	`${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** Logs in and waits for the dashboard, so the next navigation does not race the login. */
export async function signIn(page: Page, email: string) {
	await logIn(page, email, password)
	await expect(page).toHaveURL(/\/(studentdashboard|teachersdashboard)$/)
}
