import { z } from 'zod'
import type { createUpstream } from '~/platform/upstream.server'
import {
	organizationLoginSchema,
	profileSchema,
	registeredSchema,
	studentListSchema,
	userLoginSchema,
} from './schema'

// The Auth and Users calls of spec section 7, each with the spec's fallback error text.
type Upstream = ReturnType<typeof createUpstream>
type Credentials = { email: string; password: string }

export function login(api: Upstream, credentials: Credentials) {
	return api.send('POST', '/auth/login', { json: credentials, schema: userLoginSchema, fallback: 'Login failed', retry: true })
}

export function organizationLogin(api: Upstream, credentials: Credentials) {
	return api.send('POST', '/auth/organization-login', {
		json: credentials,
		schema: organizationLoginSchema,
		fallback: 'Login failed',
		retry: true,
	})
}

type Registration = { firstName: string; lastName: string; email: string; password: string; phone?: string }

export function registerStudent(api: Upstream, registration: Registration) {
	return api.send('POST', '/auth/register-student', {
		json: registration,
		schema: registeredSchema,
		fallback: 'Registration failed',
		retry: true,
	})
}

export function registerTutor(api: Upstream, registration: Registration & { subjects: string[]; bio?: string }) {
	return api.send('POST', '/auth/register-tutor', {
		json: registration,
		schema: registeredSchema,
		fallback: 'Registration failed',
		retry: true,
	})
}

export function logout(api: Upstream) {
	return api.send('POST', '/auth/logout', { schema: z.object({}).loose(), fallback: 'Logout failed' })
}

export async function getStudentProfile(api: Upstream, id: string) {
	const { studentProfile } = await api.get(`/users/student-profile/${encodeURIComponent(id)}`, {
		schema: z.object({ studentProfile: profileSchema }),
		fallback: 'Failed to fetch profile',
	})
	return studentProfile
}

export async function getTutorProfile(api: Upstream, id: string) {
	const { tutorProfile } = await api.get(`/users/tutor-profile/${encodeURIComponent(id)}`, {
		schema: z.object({ tutorProfile: profileSchema }),
		fallback: 'Failed to fetch profile',
	})
	return tutorProfile
}

type Paging = { page?: number; limit?: number }

export function getTutorStudents(api: Upstream, { page = 1, limit = 10 }: Paging = {}) {
	return api.get('/users/tutor/students', {
		query: { page, limit },
		schema: studentListSchema,
		fallback: 'Failed to fetch students',
		retry: true,
	})
}

export function getOrganizationStudents(api: Upstream, organizationId: string, { page = 1, limit = 10 }: Paging = {}) {
	return api.get(`/users/organization/${encodeURIComponent(organizationId)}/students`, {
		query: { page, limit },
		schema: studentListSchema,
		fallback: 'Failed to fetch students',
		retry: true,
	})
}
