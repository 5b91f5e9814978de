import { t } from '@lingui/core/macro'
import { z } from 'zod'
import type { createUpstream } from '~/platform/upstream.server'
import {
	organizationLoginSchema,
	pictureUpdatedSchema,
	profileSchema,
	profileUpdatedSchema,
	splitSubjects,
	type StudentProfileForm,
	type TeacherProfileForm,
	registeredSchema,
	studentListSchema,
	twoFactorNeededSchema,
	userLoginSchema,
	userSchema,
} from './schema'

// Answer shapes built once: the upstream client parses a cached answer once per schema.
const studentProfileAnswer = z.object({ studentProfile: profileSchema })
const teacherProfileAnswer = z.object({ tutorProfile: profileSchema })
const messageAnswer = z.object({ message: z.string() })

// The Auth and Users calls of spec section 7, each with the spec's fallback error text.
type Upstream = ReturnType<typeof createUpstream>
type Credentials = { email: string; password: string; timeZone?: string }

const userLoginAnswer = z.union([userLoginSchema, twoFactorNeededSchema])
const organizationLoginAnswer = z.union([organizationLoginSchema, twoFactorNeededSchema])

export function login(api: Upstream, credentials: Credentials) {
	return api.send('POST', '/auth/login', {
		json: credentials,
		schema: userLoginAnswer,
		fallback: t`Login failed`,
		retry: true,
	})
}

/** The second step of a two-factor login: either kind of account answers as its login does. */
export function twoFactorLogin(api: Upstream, challenge: string, code: string) {
	return api.send('POST', '/auth/two-factor', {
		json: { challenge, code },
		schema: z.union([userLoginSchema, organizationLoginSchema]),
		fallback: t`Login failed`,
	})
}

/** "I can't use my codes": a mailed link that turns two-factor off after a wait (decision 053). */
export function requestTwoFactorRecovery(api: Upstream, challenge: string) {
	return api.send('POST', '/auth/two-factor/recovery', {
		json: { challenge },
		schema: messageAnswer,
		fallback: t`Failed to send the link`,
	})
}

export function organizationLogin(api: Upstream, credentials: Credentials) {
	return api.send('POST', '/auth/organization-login', {
		json: credentials,
		schema: organizationLoginAnswer,
		fallback: t`Login failed`,
		retry: true,
	})
}

type Registration = {
	firstName: string
	lastName: string
	email: string
	password: string
	phone?: string
}

export function registerStudent(api: Upstream, registration: Registration) {
	return api.send('POST', '/auth/register-student', {
		json: registration,
		schema: registeredSchema,
		fallback: t`Registration failed`,
		retry: true,
	})
}

export function registerTeacher(
	api: Upstream,
	registration: Registration & { subjects: string[]; bio?: string },
) {
	return api.send('POST', '/auth/register-tutor', {
		json: registration,
		schema: registeredSchema,
		fallback: t`Registration failed`,
		retry: true,
	})
}

export function logout(api: Upstream) {
	return api.send('POST', '/auth/logout', {
		schema: z.object({}).loose(),
		fallback: t`Logout failed`,
	})
}

export async function getStudentProfile(api: Upstream, id: string) {
	const { studentProfile } = await api.get(`/users/student-profile/${encodeURIComponent(id)}`, {
		schema: studentProfileAnswer,
		fallback: t`Failed to fetch profile`,
	})
	return studentProfile
}

export async function getTeacherProfile(api: Upstream, id: string) {
	const { tutorProfile } = await api.get(`/users/tutor-profile/${encodeURIComponent(id)}`, {
		schema: teacherProfileAnswer,
		fallback: t`Failed to fetch profile`,
	})
	return tutorProfile
}

type Paging = { page?: number; limit?: number }

export function getTeacherStudents(api: Upstream, { page = 1, limit = 10 }: Paging = {}) {
	return api.get('/users/tutor/students', {
		query: { page, limit },
		schema: studentListSchema,
		fallback: t`Failed to fetch students`,
		retry: true,
	})
}

export function getOrganizationStudents(
	api: Upstream,
	organizationId: string,
	{ page = 1, limit = 10 }: Paging = {},
) {
	return api.get(`/users/organization/${encodeURIComponent(organizationId)}/students`, {
		query: { page, limit },
		schema: studentListSchema,
		fallback: t`Failed to fetch students`,
		retry: true,
	})
}

// Profile pages (issue 8). A blank optional field is sent as null, which clears it.
const orNull = (value: string | undefined) => value ?? null

export function updateStudentProfile(api: Upstream, form: StudentProfileForm) {
	return api.send('PUT', '/users/student/profile', {
		json: {
			firstName: form.firstName,
			lastName: form.lastName,
			phone: orNull(form.phone),
			bio: orNull(form.bio),
			gradeLevel: orNull(form.gradeLevel),
			dateOfBirth: orNull(form.dateOfBirth),
			guardianName: orNull(form.guardianName),
		},
		schema: profileUpdatedSchema,
		fallback: t`Failed to update profile`,
	})
}

export function updateTeacherProfile(api: Upstream, form: TeacherProfileForm) {
	return api.send('PUT', '/users/tutor/profile', {
		json: {
			firstName: form.firstName,
			lastName: form.lastName,
			phone: orNull(form.phone),
			bio: orNull(form.bio),
			subjects: splitSubjects(form.subjects),
			qualifications: orNull(form.qualifications),
			experienceYears: form.experienceYears ?? null,
		},
		schema: profileUpdatedSchema,
		fallback: t`Failed to update profile`,
	})
}

export function uploadProfilePicture(api: Upstream, role: 'student' | 'tutor', picture: File) {
	const form = new FormData()
	form.set('profilePicture', picture)
	return api.send('POST', `/auth/upload-${role}-profile-picture`, {
		form,
		schema: pictureUpdatedSchema,
		fallback: t`Failed to update profile`,
		invalidates: ['users'],
	})
}

/** POST /auth/get-student: a tutor or an organization finds a student by email. */
export async function findStudent(api: Upstream, email: string) {
	const { student } = await api.send('POST', '/auth/get-student', {
		json: { email },
		schema: z.object({ student: userSchema }),
		fallback: t`Failed to fetch students`,
	})
	return student
}
