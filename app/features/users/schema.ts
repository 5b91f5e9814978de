import { t } from '@lingui/core/macro'
import { z } from 'zod'
import { userFields } from '../../../contract/users.ts'
import { emailField, newPassword } from '~/features/account/schema'

// Messages are functions, read at validation time in the request's (or page's) language.
type Message = () => string

const name = (missing: Message, tooLong: Message) =>
	z.string({ error: missing }).trim().min(1, { error: missing }).max(100, { error: tooLong })

const firstName = () =>
	name(
		() => t`Enter your first name`,
		() => t`First name is too long`,
	)
const lastName = () =>
	name(
		() => t`Enter your last name`,
		() => t`Last name is too long`,
	)

const optionalText = (max: number, tooLong: Message) =>
	z.string().trim().max(max, { error: tooLong }).optional()

const subjectsTooLong: Message = () => t`Subjects must be at most 300 characters`
const aboutYouTooLong: Message = () => t`About you must be at most 2000 characters`

/** The phone number's message, in the current language. */
export const phoneMessage = () =>
	t`Enter a phone number of 7 to 15 digits, for example +1 555 010 1234`
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/

/** As the API checks it: digits with spaces, dashes, dots or brackets, an optional leading +, 7 to 15 digits. */
export function isPhoneNumber(value: string) {
	const digits = value.replace(/\D/g, '').length
	return PHONE_CHARACTERS.test(value) && digits >= 7 && digits <= 15
}

/** An optional phone number, for people and organizations. */
export const phoneField = z
	.string()
	.trim()
	.max(30, { error: () => t`Phone must be at most 30 characters` })
	.optional()
	.refine((value) => !value || isPhoneNumber(value), { error: phoneMessage })

export const loginSchema = z.object({
	email: emailField,
	password: z
		.string({ error: () => t`Enter your password` })
		.min(1, { error: () => t`Enter your password` })
		.max(128, { error: () => t`Password is too long` }),
	redirectTo: z.string().optional(),
})
export type LoginFields = z.input<typeof loginSchema>

/** Find a student by email (tutors and organizations, POST /auth/get-student). */
export const findStudentSchema = z.object({ email: emailField })
export type FindStudentFields = z.input<typeof findStudentSchema>

function passwordsMatch<T extends { password: string; confirmPassword: string }>(
	value: T,
	ctx: z.RefinementCtx,
) {
	if (value.password !== value.confirmPassword) {
		ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: t`Passwords do not match` })
	}
}

export const studentSignupSchema = z
	.object({
		firstName: firstName(),
		lastName: lastName(),
		email: emailField,
		phone: phoneField,
		password: newPassword,
		confirmPassword: z.string({ error: () => t`Confirm your password` }),
	})
	.superRefine(passwordsMatch)
export type StudentSignupFields = z.input<typeof studentSignupSchema>

export const teacherSignupSchema = z
	.object({
		firstName: firstName(),
		lastName: lastName(),
		email: emailField,
		phone: phoneField,
		subjects: optionalText(300, subjectsTooLong),
		bio: optionalText(2000, aboutYouTooLong),
		password: newPassword,
		confirmPassword: z.string({ error: () => t`Confirm your password` }),
	})
	.superRefine(passwordsMatch)
export type TeacherSignupFields = z.input<typeof teacherSignupSchema>

/** "Maths, Physics" -> ["Maths", "Physics"] */
export function splitSubjects(subjects: string | undefined) {
	return (subjects ?? '')
		.split(',')
		.map((subject) => subject.trim())
		.filter(Boolean)
}

// Answers of the reference API (api/README.md), parsed, never cast.
// The app reads a user without the contract's later fields too.
export const userSchema = z.object(userFields).partial({
	phone: true,
	bio: true,
	profilePicture: true,
	organization_id: true,
	createdAt: true,
})
export type User = z.infer<typeof userSchema>

export const profileSchema = userSchema.extend({
	gradeLevel: z.string().nullable().optional(),
	dateOfBirth: z.string().nullable().optional(),
	guardianName: z.string().nullable().optional(),
	subjects: z.array(z.string()).optional(),
	qualifications: z.string().nullable().optional(),
	experienceYears: z.number().nullable().optional(),
})
export type Profile = z.infer<typeof profileSchema>

const tokens = z.object({ accessToken: z.string().min(1), refreshToken: z.string().min(1) })

// emailVerified: false until the address is confirmed (decision 023); a backend without it shows no banner.
// twoFactorSetupRequired: a teacher whose organization requires two-factor, not set up (decision 037).
// locale: the account's language, its own or its organization's default (decision 063).
const verification = z.object({
	emailVerified: z.boolean().optional(),
	twoFactorSetupRequired: z.boolean().optional(),
	locale: z.string().optional(),
})

export const userLoginSchema = z.object({
	user: userSchema.extend(tokens.shape).extend(verification.shape),
})

export const organizationAccountSchema = z.object({
	id: z.string(),
	role: z.literal('organization'),
	email: z.string(),
	name: z.string(),
	type: z.string().nullable().optional(),
	country: z.string().nullable().optional(),
	logo: z.string().nullable().optional(),
})
export const organizationLoginSchema = z.object({
	user: organizationAccountSchema.extend(tokens.shape).extend(verification.shape),
})

/** A login whose password was right, for an account with two-factor on: the code comes next. */
export const twoFactorNeededSchema = z.object({
	twoFactorRequired: z.literal(true),
	challenge: z.string(),
	/** When the owner's request to turn two-factor off takes effect, if one waits (decision 053). */
	recoveryReadyAt: z.string().optional(),
})

/** The second step of a two-factor login: the code from the app, or a recovery code. */
export const twoFactorCodeSchema = z.object({
	code: z
		.string({ error: () => t`Enter the code from your authenticator app` })
		.trim()
		.min(1, { error: () => t`Enter the code from your authenticator app` })
		.max(20, { error: () => t`That code is too long` }),
})
export type TwoFactorCodeFields = z.input<typeof twoFactorCodeSchema>

/** The answer of "I can't use my codes" on the code step (decision 053): what was sent, or why not. */
export type WayBackAnswer = { wayBack: { sent: boolean; message: string } }

export const registeredSchema = z.object({ message: z.string().optional(), user: userSchema })

export const studentListSchema = z.object({
	students: z.array(userSchema),
	total: z.number(),
	page: z.number(),
})

// Profile pages (issue 8): the same form schema in the browser and the action.
const optionalField = optionalText

const personProfileFields = {
	firstName: firstName(),
	lastName: lastName(),
	phone: phoneField,
	bio: optionalField(2000, aboutYouTooLong),
}

export const studentProfileFormSchema = z.object({
	...personProfileFields,
	gradeLevel: optionalField(50, () => t`Grade level must be at most 50 characters`),
	dateOfBirth: z
		.string()
		.regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => t`Enter the date as YYYY-MM-DD` })
		.refine((value) => !Number.isNaN(Date.parse(value)) && Date.parse(value) <= Date.now(), {
			error: () => t`Enter a past date of birth`,
		})
		.optional(),
	guardianName: optionalField(100, () => t`Guardian name must be at most 100 characters`),
})
export type StudentProfileForm = z.infer<typeof studentProfileFormSchema>

export const teacherProfileFormSchema = z.object({
	...personProfileFields,
	subjects: optionalField(300, subjectsTooLong),
	qualifications: optionalField(2000, () => t`Qualifications must be at most 2000 characters`),
	experienceYears: z
		.number({ error: () => t`Enter a whole number of years` })
		.int({ error: () => t`Enter a whole number of years` })
		.min(0, { error: () => t`Experience cannot be negative` })
		.max(80, { error: () => t`Experience must be at most 80 years` })
		.optional(),
})
export type TeacherProfileForm = z.infer<typeof teacherProfileFormSchema>

export const profilePictureTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif']

export const profilePictureSchema = z.object({
	profilePicture: z
		.instanceof(File, { error: () => t`Choose an image to upload` })
		.refine((file) => file.size > 0, { error: () => t`Choose an image to upload` })
		.refine((file) => file.size <= 2 * 1024 * 1024, {
			error: () => t`The picture must be at most 2 MB`,
		})
		.refine((file) => profilePictureTypes.includes(file.type), {
			error: () => t`Use a PNG, JPEG, WebP or GIF image`,
		}),
})

export const profileUpdatedSchema = z.object({
	message: z.string().optional(),
	profile: profileSchema,
})
export const pictureUpdatedSchema = z.object({
	message: z.string().optional(),
	profilePicture: z.string().nullable().optional(),
	user: userSchema,
})
