import { z } from 'zod'
import { subjects } from '../users/schemas.ts'
import {
	body,
	email,
	newPassword,
	optionalText,
	password,
	phone,
	requiredText,
} from '../platform/validation.ts'

const names = {
	firstName: requiredText('First name', 100),
	lastName: requiredText('Last name', 100),
}

export const studentRegistration = body({ ...names, email, password: newPassword, phone })

const tutorFields = {
	...names,
	email,
	password: newPassword,
	phone,
	subjects: subjects.optional(),
	bio: optionalText('Bio', 2000),
}

export const tutorRegistration = body(tutorFields)

export const registration = body({
	...tutorFields,
	role: z.enum(['tutor', 'student'], { error: 'Role must be tutor or student' }).default('tutor'),
})

/** An organization registering one of its members. */
export const memberRegistration = body({ ...names, email, password: newPassword })

export const studentLookup = body({ email })

/** A login; `timeZone`, the browser's as the app knows it, is the zone reminders are written in. */
export const credentials = body({ email, password, timeZone: z.string().max(64).optional() })

/** The second step of a login with two-factor on: the first step's challenge and a code. */
export const secondStep = body({
	challenge: z.string({ error: 'Log in again' }).min(1, 'Log in again').max(2000),
	code: z
		.string({ error: 'Enter the code from your authenticator app' })
		.trim()
		.min(1, 'Enter the code from your authenticator app')
		.max(20, 'That code is too long'),
})
