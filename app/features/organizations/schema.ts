import { z } from 'zod'
import { emailField } from '../users/schema'

export const organizationTypes = [
	{ value: 'school', label: 'School' },
	{ value: 'tutoring_center', label: 'Tutoring centre' },
	{ value: 'university', label: 'University' },
	{ value: 'company', label: 'Company' },
	{ value: 'other', label: 'Other' },
] as const

const maxLogoBytes = 2 * 1024 * 1024
const logoTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif']

const optionalText = (max: number, label: string) =>
	z.string().trim().max(max, `${label} must be at most ${max} characters`).optional()

export const organizationSignupSchema = z
	.object({
		name: z.string({ error: 'Enter the organization name' }).trim().min(1, 'Enter the organization name').max(150, 'Name is too long'),
		email: emailField,
		type: z.enum(['school', 'tutoring_center', 'university', 'company', 'other'], { error: 'Choose the kind of organization' }),
		country: z.string({ error: 'Enter the country' }).trim().min(2, 'Enter the country').max(100, 'Country is too long'),
		phone: optionalText(30, 'Phone'),
		address: optionalText(300, 'Address'),
		website: z.url({ error: 'Enter a full web address, like https://example.org' }).max(300).optional(),
		description: optionalText(2000, 'Description'),
		logo: z
			.instanceof(File)
			.optional()
			.refine((file) => !file || file.size <= maxLogoBytes, 'The logo must be at most 2 MB')
			.refine((file) => !file || logoTypes.includes(file.type), 'The logo must be a PNG, JPEG, WebP or GIF image'),
		password: z.string({ error: 'Choose a password' }).min(8, 'Password must be at least 8 characters').max(128, 'Password must be at most 128 characters'),
		confirmPassword: z.string({ error: 'Confirm your password' }),
	})
	.superRefine((value, ctx) => {
		if (value.password !== value.confirmPassword) {
			ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' })
		}
	})
export type OrganizationSignup = z.infer<typeof organizationSignupSchema>

export const organizationCreatedSchema = z.object({ message: z.string().optional(), id: z.string() })
