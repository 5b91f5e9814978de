import { t } from '@lingui/core/macro'
import { z } from 'zod'

/** A title, as every form with one reads it (announcements, library files, sessions). */
export const titleField = z
	.string({ error: () => t`Enter a title` })
	.trim()
	.min(1, { error: () => t`Enter a title` })
	.max(200, { error: () => t`Title must be at most 200 characters` })

/** An optional description of up to 2000 characters (library files, sessions). */
export const descriptionField = z
	.string()
	.trim()
	.max(2000, { error: () => t`Description must be at most 2000 characters` })
	.optional()
