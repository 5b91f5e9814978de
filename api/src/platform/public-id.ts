/** 22 characters of base64url: 128 random bits, so a public id cannot be guessed or altered. */
export const newPublicId = () =>
	Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')

export const PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/
