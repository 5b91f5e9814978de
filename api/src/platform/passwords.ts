import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import type { PasswordHashing } from './context.ts'

export const PRODUCTION_HASHING: PasswordHashing = { memoryCost: 19456, timeCost: 2 }

export type Passwords = ReturnType<typeof createPasswords>

export function createPasswords(hashing: PasswordHashing) {
	const options = { ...hashing, parallelism: 1 }
	let dummyHash: Promise<string> | undefined

	return {
		hash: (password: string) => hash(password, options),
		/**
		 * Accounts that do not exist (`storedHash` undefined) still cost one verification, so the
		 * answer time does not tell which emails are registered.
		 */
		async verify(storedHash: string | undefined, password: string): Promise<boolean> {
			dummyHash ??= hash(randomBytes(32).toString('base64url'), options)
			const matches = await verify(storedHash ?? (await dummyHash), password)
			return storedHash !== undefined && matches
		},
	}
}
