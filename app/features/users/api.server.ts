import { t } from '@lingui/core/macro'
import { z } from 'zod'
import type { createUpstream } from '~/platform/upstream.server'
import {
	pictureUpdatedSchema,
	profileSchema,
	profileUpdatedSchema,
	splitSubjects,
	type StudentProfileForm,
	type TeacherProfileForm,
	studentListSchema,
	userSchema,
} from './schema'

// Answer shapes built once: the upstream client parses a cached answer once per schema.
const studentProfileAnswer = z.object({ studentProfile: profileSchema })
const teacherProfileAnswer = z.object({ tutorProfile: profileSchema })

// The Users calls of spec section 7, each with the spec's fallback error text (the sign-in's are
// in features/auth).
type Upstream = ReturnType<typeof createUpstream>
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
	return role === 'tutor'
		? uploadTutorProfilePicture(api, picture)
		: uploadStudentProfilePicture(api, picture)
}

const pictureForm = (picture: File) => {
	const form = new FormData()
	form.set('profilePicture', picture)
	return form
}

export function uploadTutorProfilePicture(api: Upstream, picture: File) {
	return api.send('POST', '/auth/upload-tutor-profile-picture', {
		form: pictureForm(picture),
		schema: pictureUpdatedSchema,
		fallback: t`Failed to update profile`,
		invalidates: ['users'],
	})
}

export function uploadStudentProfilePicture(api: Upstream, picture: File) {
	return api.send('POST', '/auth/upload-student-profile-picture', {
		form: pictureForm(picture),
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
