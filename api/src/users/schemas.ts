import { z } from '@hono/zod-openapi'
import { userFields } from '../../../contract/users.ts'
import { isoDateTime } from '../platform/openapi.ts'
import { paginationQuery } from '../platform/pagination.ts'
import { searchText } from '../platform/search.ts'
import {
	body,
	declaredAs,
	optionalText,
	orEmpty,
	phone,
	requiredText,
} from '../platform/validation.ts'

export const subjects = z
	.array(requiredText('Subject', 100), { error: 'Subjects must be a list of text' })
	.max(30, 'List at most 30 subjects')
	.transform((list) => [...new Set(list)])

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day, not in the future, not before 1900. */
function isBirthDate(value: string) {
	const [, year, month, day] = DATE.exec(value)?.map(Number) ?? []
	if (year === undefined || month === undefined || day === undefined) return false
	const date = new Date(Date.UTC(year, month - 1, day))
	return (
		date.getUTCFullYear() === year &&
		date.getUTCMonth() === month - 1 &&
		date.getUTCDate() === day &&
		year >= 1900 &&
		date.getTime() <= Date.now()
	)
}

const dateOfBirth = optionalText('Date of birth', 10)
	.refine(
		(value) => value == null || isBirthDate(value),
		'Enter a past date of birth as YYYY-MM-DD',
	)
	.openapi(orEmpty(declaredAs.date))

const experienceYears = z
	.number({ error: 'Experience must be a number of years' })
	.int('Experience must be a whole number of years')
	.min(0, 'Experience cannot be negative')
	.max(80, 'Experience must be at most 80 years')
	.nullish()

const personFields = {
	firstName: requiredText('First name', 100).optional(),
	lastName: requiredText('Last name', 100).optional(),
	phone,
	bio: optionalText('Bio', 2000),
}

export const studentProfileUpdate = body({
	...personFields,
	gradeLevel: optionalText('Grade level', 50),
	dateOfBirth,
	guardianName: optionalText('Guardian name', 100),
})

export const teacherProfileUpdate = body({
	...personFields,
	subjects: subjects.optional(),
	qualifications: optionalText('Qualifications', 2000),
	experienceYears,
})

/** The README's User: never the password hash. */
export const user = z.object({ ...userFields, createdAt: isoDateTime }).openapi('User')

/** A tutor as another account sees them: no email, phone or organization (theirs to share). */
export const publicTeacher = user
	.omit({ email: true, phone: true, organization_id: true })
	.openapi('PublicTutor')

/** The README's Profile of a student: a User plus the student's fields, absent ones as null. */
export const studentProfile = user
	.extend({
		gradeLevel: z.string().nullable(),
		dateOfBirth: z.string().nullable(),
		guardianName: z.string().nullable(),
	})
	.openapi('StudentProfile')

/** The README's Profile of a tutor: a User plus the tutor's fields (`subjects` as [] when none). */
export const teacherProfile = user
	.extend({
		subjects: z.array(z.string()),
		qualifications: z.string().nullable(),
		experienceYears: z.number().int().nullable(),
	})
	.openapi('TutorProfile')

export const teacherList = z.object({
	tutors: z.array(z.union([user, publicTeacher])),
	total: z.number().int(),
	page: z.number().int(),
})

export const studentList = z.object({
	students: z.array(user),
	total: z.number().int(),
	page: z.number().int(),
})

/** An organization's teachers: a page of Users. */
export const teacherMemberList = z.object({
	tutors: z.array(user),
	total: z.number().int(),
	page: z.number().int(),
})

/** An organization's member lists: paged, and searched over names and email. */
export const memberListQuery = paginationQuery.extend({ search: searchText })

export const invitationList = z.object({
	invitations: z.array(
		z.object({
			id: z.string(),
			organization: z.object({ id: z.string(), name: z.string() }),
			createdAt: isoDateTime,
		}),
	),
	/** How many wait unseen until the student confirms their email address (issue 29). */
	waitingForVerification: z.number().int(),
})

export const messageAnswer = z.object({ message: z.string() })
