import { z } from 'zod'

/** A title, as every form with one reads it (announcements, library files, sessions). */
export const titleField = z
	.string({ error: 'Enter a title' })
	.trim()
	.min(1, 'Enter a title')
	.max(200, 'Title must be at most 200 characters')

/** An optional description of up to 2000 characters (library files, sessions). */
export const descriptionField = z
	.string()
	.trim()
	.max(2000, 'Description must be at most 2000 characters')
	.optional()
