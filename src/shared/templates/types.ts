/**
 * Types of LawGuide's document templates (product spec section 3, 'Document template' and
 * 'Template field'). Shared by the document generator in the browser and the server.
 */

/** The input kinds a template field can have. */
export type FieldType =
  | "text"
  | "textarea"
  | "select"
  | "radio"
  | "checkbox"
  | "date"
  | "number"
  | "currency"
  | "address";

export type TemplateComplexity = "Simple" | "Moderate" | "Complex";

/** Show a field only while the field `dependsOn` holds `value` (for a multi-select: includes it). */
export interface FieldCondition {
  dependsOn: string;
  value: string;
}

export interface FieldValidation {
  /** Lowest allowed value: the integer for number fields, the dollar amount for currency fields. */
  min?: number;
  /** Highest allowed value: the integer for number fields, the dollar amount for currency fields. */
  max?: number;
  /** A regular expression (compiled with the `u` flag) the trimmed text must match. */
  pattern?: string;
  /** The error shown when `pattern` does not match; defaults to 'Invalid format for {label}'. */
  message?: string;
  /** Date fields only: the id of an earlier date field this date must come after. */
  after?: string;
}

export interface TemplateField {
  id: string;
  /** The form control's name; equal to `id` in LawGuide's templates. */
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  placeholder?: string;
  helpText?: string;
  /**
   * Choices of select and radio fields. A checkbox field with options is a multi-select whose
   * answer is a list; a checkbox field without options is a single yes/no box.
   */
  options?: string[];
  conditional?: FieldCondition;
  validation?: FieldValidation;
}

export interface DocumentTemplate {
  id: string;
  name: string;
  description: string;
  category: string;
  /** A lucide icon name, such as "ScrollText". */
  icon: string;
  estimatedTime: string;
  complexity: TemplateComplexity;
  /** Price in dollars, for example 69.99: what a Complex template is sold for (`template-offers.ts`). */
  price: number;
  stateSpecific: boolean;
  /** 1 is the most popular. */
  popularityRank: number;
  legalNotices: string[];
  fields: TemplateField[];
  /**
   * The answers that tell one document of this kind from another (the property and the tenant,
   * whose will), as My documents names them: each a field, with a label when the value alone
   * would not say what it is.
   */
  aboutFields: ReadonlyArray<{ field: string; label?: string }>;
  /**
   * The document text. `{fieldId}` is replaced by the formatted answer; see `content-language.ts`
   * for the `{{#if}}` / `{{#unless}}` blocks and the `{{article}}`, `{{clause}}`, `{{item}}` counters.
   */
  content: string;
}

/** One raw form value: text as typed (numbers and amounts too), a multi-select's list, or a yes/no box. */
export type AnswerValue = string | string[] | boolean | undefined;

/** The raw answers of a template form, keyed by field id. */
export type Answers = Record<string, AnswerValue>;

/**
 * A cleaned answer: trimmed text (also select, radio and ISO dates), an integer for number
 * fields, whole cents for currency fields, the chosen options in option order for a multi-select,
 * and a boolean for a yes/no box.
 */
export type NormalizedValue = string | number | boolean | string[];

export type NormalizedAnswers = Record<string, NormalizedValue>;

/** One line of the 'Review & Generate' step. */
export interface ReviewItem {
  id: string;
  label: string;
  value: string;
}

export interface RenderMeta {
  documentId: string;
  generatedAt: Date;
  /** IANA time zone used for the generation date; UTC when absent or unknown. */
  timeZone?: string;
}
