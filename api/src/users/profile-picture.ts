import { removeFile, storeImage } from '../files/store.ts'
import type { ApiDeps } from '../platform/context.ts'
import { ApiError } from '../platform/errors.ts'
import { readImage, type ImageUpload } from '../platform/images.ts'
import { toUser } from './present.ts'
import type { UserRow } from './repository.ts'
import { findUser, setProfilePicture } from './repository.ts'

/** Stores the image as the user's profile picture and removes the one it replaces. */
export async function replaceProfilePicture(
	deps: Pick<ApiDeps, 'db' | 'storage'>,
	userId: string,
	image: ImageUpload,
): Promise<UserRow> {
	const previous = await findUser(deps.db, userId)
	if (!previous) throw new ApiError(404, 'User not found')
	const key = await storeImage(deps, { id: userId, type: 'user' }, image)
	const user = await setProfilePicture(deps.db, userId, key)
	if (!user) {
		await removeFile(deps, key)
		throw new ApiError(404, 'User not found')
	}
	if (previous.profile_picture) await removeFile(deps, previous.profile_picture)
	return user
}

/** The picture a user uploads, checked, as their new profile picture; the answer shows both. */
export async function newProfilePicture(
	deps: Pick<ApiDeps, 'db' | 'storage'>,
	userId: string,
	picture: unknown,
) {
	const image = await readImage(picture, 'profilePicture')
	const user = toUser(await replaceProfilePicture(deps, userId, image))
	return { message: 'Profile picture updated', profilePicture: user.profilePicture, user }
}
