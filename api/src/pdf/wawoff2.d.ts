declare module 'wawoff2/decompress.js' {
	/** Decodes a WOFF2 font into TrueType/OpenType bytes. */
	export default function decompress(woff2: Uint8Array): Promise<Uint8Array>
}
