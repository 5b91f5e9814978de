import { apiUrl } from '../playwright.config'
import { demoPassword } from './fixtures'

/** A JSON call to the reference API that must succeed: its parsed body, or an error saying why not. */
export async function apiCall(
	method: string,
	path: string,
	{ token, json }: { token?: string; json?: unknown } = {},
) {
	const response = await fetch(`${apiUrl}${path}`, {
		method,
		headers: {
			'content-type': 'application/json',
			...(token && { authorization: `Bearer ${token}` }),
		},
		body: json === undefined ? undefined : JSON.stringify(json),
	})
	const body = await response.json()
	if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`)
	return body
}

export const apiLogin = async (email: string, password = demoPassword) =>
	(await apiCall('POST', '/auth/login', { json: { email, password } })).user.accessToken as string

/**
 * A fresh classroom of the demo teacher's demo course, so tests running side by side never share
 * one: its id, and the teacher's token.
 */
export async function newRoom(title: string) {
	const teacher = await apiLogin('teacher@example.com')
	const { rooms } = await apiCall('GET', '/rooms', { token: teacher })
	const courseId = (rooms as Array<{ courseTitle: string; courseId: string }>).find(
		(room) => room.courseTitle === 'Algebra Foundations',
	)!.courseId
	const { room } = await apiCall('POST', '/rooms', {
		token: teacher,
		json: { courseId, title, kind: 'classroom' },
	})
	return { id: room.id as string, teacher }
}
