import type { Passwords } from '../platform/passwords.ts'
import type { Db } from '../db.ts'
import { ApiError, isUniqueViolation, MESSAGES } from '../platform/errors.ts'
import { findUserByEmail, insertUser, type NewUser } from './repository.ts'
import type { UserRow } from './repository.ts'

export type Registration = Omit<NewUser, 'passwordHash'> & { password: string }

/** Creates the user; 409 when the email is taken. */
export async function registerUser(
	db: Db,
	passwords: Passwords,
	registration: Registration,
): Promise<UserRow> {
	// Checked first so a duplicate does not pay for hashing; the unique index settles races.
	if (await findUserByEmail(db, registration.email)) {
		throw new ApiError(409, MESSAGES.duplicateEmail)
	}
	const { password, ...user } = registration
	try {
		return await insertUser(db, {
			...user,
			passwordHash: await passwords.hash(password),
			emailVerified: false,
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new ApiError(409, MESSAGES.duplicateEmail)
		throw error
	}
}
