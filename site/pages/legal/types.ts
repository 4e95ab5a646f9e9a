/** A paragraph, or a bullet list whose items may start with a bold term ([term, text]). */
export type LegalBlock = string | (string | [term: string, text: string])[];

export interface LegalSection {
  id: string;
  title: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  effectiveDate: { text: string; iso: string };
  intro: string[];
  sections: LegalSection[];
}
