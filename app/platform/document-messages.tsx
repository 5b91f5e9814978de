import { createContext, useContext } from 'react'
import type { DocumentMessages } from './i18n'

// A document's messages reach the root's Layout through React context, as the nonce does: set by
// entry.server from what the root loader kept, null in the browser (decision 075).
const DocumentMessagesContext = createContext<DocumentMessages | null>(null)
export const DocumentMessagesProvider = DocumentMessagesContext.Provider
export const useDocumentMessages = () => useContext(DocumentMessagesContext)
