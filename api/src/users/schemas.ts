import { z } from '@hono/zod-openapi'
import { isoDateTime } from '../platform/openapi.ts'
import { body, optionalText, phone, requiredText } from '../platform/validation.ts'

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

const dateOfBirth = optionalText('Date of birth', 10).refine(
	(value) => value == null || isBirthDate(value),
	'Enter a past date of birth as YYYY-MM-DD',
)

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

export const tutorProfileUpdate = body({
	...personFields,
	subjects: subjects.optional(),
	qualifications: optionalText('Qualifications', 2000),
	experienceYears,
})

/** The README's User: never the password hash. */
export const user = z
	.object({
		id: z.string(),
		role: z.enum(['student', 'tutor']),
		email: z.string(),
		firstName: z.string(),
		lastName: z.string(),
		name: z.string(),
		phone: z.string().nullable(),
		bio: z.string().nullable(),
		profilePicture: z.string().nullable(),
		organization_id: z.string().nullable(),
		createdAt: isoDateTime,
	})
	.openapi('User')
