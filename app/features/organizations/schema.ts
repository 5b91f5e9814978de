import { t } from '@lingui/core/macro'
import { z } from 'zod'
import { accountSettingsSchemas, emailField } from '../account/schema'
import { phoneField, userSchema } from '../users/schema'
import { teacherTwoFactorSchema } from './teacher-two-factor'

/** Spec section 9: where organization updates and deletes wait while the browser is offline. */
export const ORGANIZATION_OFFLINE_KEY = 'organization_offline_data'

const maxLogoBytes = 2 * 1024 * 1024
const logoTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif']

const optionalText = (max: number, tooLong: () => string) =>
	z.string().trim().max(max, { error: tooLong }).optional()

/** The organization's own details: asked at registration and edited in settings. */
const organizationFields = {
	name: z
		.string({ error: () => t`Enter the organization name` })
		.trim()
		.min(1, { error: () => t`Enter the organization name` })
		.max(150, { error: () => t`Name is too long` }),
	type: z.enum(['school', 'tutoring_center', 'university', 'company', 'other'], {
		error: () => t`Choose the kind of organization`,
	}),
	country: z
		.string({ error: () => t`Enter the country` })
		.trim()
		.min(2, { error: () => t`Enter the country` })
		.max(100, { error: () => t`Country is too long` }),
	phone: phoneField,
	address: optionalText(300, () => t`Address must be at most 300 characters`),
	website: z
		.url({ error: () => t`Enter a full web address, like https://example.org` })
		.max(300)
		.optional(),
	description: optionalText(2000, () => t`Description must be at most 2000 characters`),
}

export const organizationSignupSchema = z
	.object({
		...organizationFields,
		email: emailField,
		logo: z
			.instanceof(File)
			.optional()
			.refine((file) => !file || file.size <= maxLogoBytes, {
				error: () => t`The logo must be at most 2 MB`,
			})
			.refine((file) => !file || logoTypes.includes(file.type), {
				error: () => t`The logo must be a PNG, JPEG, WebP or GIF image`,
			}),
		password: z
			.string({ error: () => t`Choose a password` })
			.min(8, { error: () => t`Password must be at least 8 characters` })
			.max(128, { error: () => t`Password must be at most 128 characters` }),
		confirmPassword: z.string({ error: () => t`Confirm your password` }),
	})
	.superRefine((value, ctx) => {
		if (value.password !== value.confirmPassword) {
			ctx.addIssue({
				code: 'custom',
				path: ['confirmPassword'],
				message: t`Passwords do not match`,
			})
		}
	})
export type OrganizationSignup = z.infer<typeof organizationSignupSchema>

export const organizationCreatedSchema = z.object({
	message: z.string().optional(),
	id: z.string(),
})

// Answers of the reference API (api/README.md), parsed, never cast.
export const organizationSchema = z.object({
	id: z.string(),
	email: z.string(),
	name: z.string(),
	type: z.string(),
	country: z.string(),
	phone: z.string().nullable().optional(),
	address: z.string().nullable().optional(),
	website: z.string().nullable().optional(),
	description: z.string().nullable().optional(),
	logo: z.string().nullable().optional(),
})
export type Organization = z.infer<typeof organizationSchema>

const group = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number() })

export const statsSchema = z.object({
	tutors: group(userSchema),
	students: group(userSchema),
	courses: group(
		z.object({
			id: z.string(),
			title: z.string(),
			isPublished: z.boolean().optional(),
			enrolledStudents: z.number().default(0),
		}),
	),
	departments: group(z.object({ id: z.string(), departmentName: z.string() })),
})
export type OrganizationStats = z.infer<typeof statsSchema>

/** The same PUT deletes, so its declared answer is either shape: a change has the organization. */
export const organizationUpdatedSchema = z.object({
	message: z.string().optional(),
	organization: organizationSchema.optional(),
})
export const organizationDeletedSchema = z.object({ message: z.string().optional() })

export const memberListSchema = z.object({
	students: z.array(userSchema).optional(),
	tutors: z.array(userSchema).optional(),
	total: z.number(),
	page: z.number(),
})

/** An invitation as its organization sees it: only the email it typed (api/README.md). */
export const invitationSchema = z.object({
	id: z.string(),
	email: z.string(),
	status: z.enum(['pending', 'accepted', 'declined', 'cancelled']),
	createdAt: z.string(),
})
export type Invitation = z.infer<typeof invitationSchema>
export const invitationSentSchema = z.object({
	message: z.string().optional(),
	invitation: invitationSchema,
})
export const invitationListSchema = z.object({ invitations: z.array(invitationSchema) })
export const messageOnlySchema = z.object({ message: z.string().optional() })

/** An invitation as the invited student sees it: who sent it. */
export const receivedInvitationListSchema = z.object({
	invitations: z.array(
		z.object({
			id: z.string(),
			organization: z.object({ id: z.string(), name: z.string() }),
			createdAt: z.string(),
		}),
	),
	/** Invitations to the student's email kept from them until they confirm it is theirs. */
	waitingForVerification: z.number().int().nonnegative().default(0),
})
export type ReceivedInvitation = z.infer<typeof receivedInvitationListSchema>['invitations'][number]

/** Settings: the same fields as registration, minus email, password and logo. */
export const organizationSettingsSchema = z.object({
	intent: z.literal('update'),
	...organizationFields,
})
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>

/** Deleting asks for the organization's name, typed exactly, so it cannot happen by a slip. */
export function organizationDeletionSchema(organizationName: string) {
	return z.object({
		intent: z.literal('delete'),
		confirmName: z
			.string({ error: () => t`Type the organization name to confirm` })
			.refine((value) => value.trim() === organizationName, {
				error: () => t`The name does not match. Type it exactly as shown.`,
			}),
	})
}

/** The settings page's forms: the details, deleting, and the account forms (password, email,
 * notification mails). */
export function organizationSettingsActionSchema(organizationName: string) {
	return z.discriminatedUnion('intent', [
		organizationSettingsSchema,
		organizationDeletionSchema(organizationName),
		teacherTwoFactorSchema,
		...accountSettingsSchemas,
	])
}

const personName = (missing: () => string, tooLong: () => string) =>
	z.string({ error: missing }).trim().min(1, { error: missing }).max(100, { error: tooLong })

/** A new teacher or student registered by the organization. */
export const newMemberSchema = z.object({
	intent: z.literal('register'),
	firstName: personName(
		() => t`Enter the first name`,
		() => t`The first name is too long`,
	),
	lastName: personName(
		() => t`Enter the last name`,
		() => t`The last name is too long`,
	),
	email: emailField,
	password: z
		.string({ error: () => t`Choose a password` })
		.min(8, { error: () => t`Password must be at least 8 characters` })
		.max(128, { error: () => t`Password must be at most 128 characters` }),
})
export type NewMember = z.infer<typeof newMemberSchema>

/** An existing student is invited by email; they join by accepting. */
export const existingStudentSchema = z.object({ intent: z.literal('attach'), email: emailField })

/** The organization withdraws an open invitation, or removes a student. */
export const cancelInvitationSchema = z.object({
	intent: z.literal('cancel-invitation'),
	invitationId: z.uuid({ error: () => t`Choose an invitation` }),
})
export const removeStudentSchema = z.object({
	intent: z.literal('remove'),
	studentId: z.uuid({ error: () => t`Choose a student` }),
})

/** The forms of an organization's members page: a teacher page only registers; a student page also
 * invites, cancels an invitation and removes. */
export function memberActionSchema(role: 'tutor' | 'student') {
	return role === 'student'
		? z.discriminatedUnion('intent', [
				newMemberSchema,
				existingStudentSchema,
				cancelInvitationSchema,
				removeStudentSchema,
			])
		: z.discriminatedUnion('intent', [newMemberSchema])
}

/** The student answers an invitation, or leaves their organization. */
export const invitationAnswerSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('accept'),
		invitationId: z.uuid({ error: () => t`Choose an invitation` }),
	}),
	z.object({
		intent: z.literal('decline'),
		invitationId: z.uuid({ error: () => t`Choose an invitation` }),
	}),
	z.object({ intent: z.literal('leave') }),
])
