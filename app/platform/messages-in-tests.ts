import { compileMessage } from '@lingui/message-utils/compileMessage'
import { compileMissingWith } from './lingui-runtime'

// Unit tests render and answer without a page's catalog: the macros' English sources are compiled
// as Lingui's own runtime does outside production, plurals and all (vitest.config.ts).
compileMissingWith(compileMessage)
