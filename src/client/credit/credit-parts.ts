/** The banner's and "Sign it"'s code, one chunk's entry (CreditSlots.tsx loads it with the board's extras). */
export { PromptBanner } from "./PromptBanner.tsx";
export { SignatureField } from "./SignatureField.tsx";
