import type { Db } from '../db.ts'
import { ApiError } from '../platform/errors.ts'
import type { RoleFields } from '../schema.ts'
import { updateProfile, type ProfileChanges, type UserRow } from './repository.ts'

// Changing one's own profile (moved from users/routes.ts, decision 060).

type PersonUpdate = {
	firstName?: string
	lastName?: string
	phone?: string | null
	bio?: string | null
}

/** A profile form's person fields (columns of their own) and its role's fields (in `profile`). */
function splitUpdate<T extends PersonUpdate>(
	update: T,
): [ProfileChanges, Omit<T, keyof PersonUpdate>] {
	const { firstName, lastName, phone, bio, ...roleFields } = update
	return [{ first_name: firstName, last_name: lastName, phone, bio }, roleFields]
}

/** Saves the user's own profile; the answer shows it as `present` does. */
export async function saveProfile<P>(
	db: Db,
	id: string,
	update: PersonUpdate & RoleFields,
	present: (row: UserRow) => P,
) {
	const row = await updateProfile(db, id, ...splitUpdate(update))
	if (!row) throw new ApiError(404, 'User not found')
	return { message: 'Profile updated successfully', profile: present(row) }
}
