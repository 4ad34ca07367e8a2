/**
 * Self-checks of a template definition, for authors and for the tests: `templateProblems` lists
 * every authoring mistake it can find in the fields (ids, options, conditions, validation rules)
 * and in the content (malformed blocks, unknown placeholders and tags, unused fields, and
 * placeholders that could be printed while their field has no value). Every shipped template must
 * have none (`template-checks.test.ts`).
 */

import { RESERVED_PLACEHOLDERS } from "./content-language";
import { type BlockCondition, type ContentNode, parseContent } from "./content-parser";
import type { DocumentTemplate, TemplateField } from "./types";
import { compilePattern } from "./validation";
import { isBooleanField, parseCurrency, parseNumber } from "./values";

const FIELD_ID = /^[A-Za-z][A-Za-z0-9_]*$/;

/** What an enclosing block guarantees: the field is answered (and, with `value`, holds it). */
interface Guard {
  fieldId: string;
  value?: string;
}

/** Whether the field could ever hold `value`, as a condition or a block's `= Value` tests it. */
function checkConditionValue(field: TemplateField, value: string): boolean {
  if (field.options) return field.options.includes(value);
  if (isBooleanField(field)) return ["Yes", "No", "true", "false"].includes(value);
  if (field.type === "number") return parseNumber(value) !== null;
  if (field.type === "currency") return parseCurrency(value) !== null;
  return value !== "";
}

/** Whether, under the enclosing blocks, the field is sure to have a value. */
function surelyAnswered(field: TemplateField, guards: readonly Guard[]): boolean {
  if (guards.some((guard) => guard.fieldId === field.id)) return true;
  if (!field.required && !isBooleanField(field)) return false;
  const condition = field.conditional;
  if (!condition) return true;
  return guards.some((guard) => guard.fieldId === condition.dependsOn && guard.value === condition.value);
}

/**
 * What is known when `field = value` does not hold: for an answered choice of exactly two
 * options, that it holds the other one.
 */
function oppositeGuard(field: TemplateField, condition: BlockCondition, guards: readonly Guard[]): Guard[] {
  const options = field.options;
  if (condition.value === undefined || field.type === "checkbox" || options?.length !== 2) return [];
  if (!surelyAnswered(field, guards)) return [];
  const other = options.find((option) => option !== condition.value);
  return other === undefined ? [] : [{ fieldId: field.id, value: other }];
}

/**
 * Authoring problems of a template, as readable sentences (an empty list when it is sound): bad
 * or duplicate field ids, conditions on unknown or later fields, unknown options, bad patterns
 * and ranges, malformed blocks, unknown placeholders or tags, fields the content never uses, and
 * placeholders that could be printed while their field has no value.
 */
export function templateProblems(template: DocumentTemplate): string[] {
  const problems: string[] = [];
  const byId = new Map<string, TemplateField>();
  const reserved: readonly string[] = RESERVED_PLACEHOLDERS;

  for (const field of template.fields) {
    if (!FIELD_ID.test(field.id)) problems.push(`Field "${field.id}" has an id that is not a plain identifier`);
    if (reserved.includes(field.id)) problems.push(`Field "${field.id}" uses a reserved placeholder name`);
    if (byId.has(field.id)) problems.push(`Field "${field.id}" is defined twice`);
    if (field.name.trim() === "" || field.label.trim() === "")
      problems.push(`Field "${field.id}" needs a name and label`);
    if ((field.type === "select" || field.type === "radio") && (!field.options || field.options.length === 0)) {
      problems.push(`Field "${field.id}" needs options`);
    }
    if (field.options && new Set(field.options).size !== field.options.length) {
      problems.push(`Field "${field.id}" repeats an option`);
    }
    const condition = field.conditional;
    if (condition) {
      const parent = byId.get(condition.dependsOn);
      if (!parent)
        problems.push(`Field "${field.id}" depends on "${condition.dependsOn}", which is not an earlier field`);
      else if (!checkConditionValue(parent, condition.value)) {
        problems.push(`Field "${field.id}" waits for "${condition.value}", which "${parent.id}" cannot hold`);
      }
    }
    const rule = field.validation;
    if (rule) {
      if (rule.pattern !== undefined && compilePattern(rule.pattern) === null) {
        problems.push(`Field "${field.id}" has an invalid pattern`);
      }
      if ((rule.min !== undefined || rule.max !== undefined) && field.type !== "number" && field.type !== "currency") {
        problems.push(`Field "${field.id}" has min/max but is not a number or currency field`);
      }
      if (rule.min !== undefined && rule.max !== undefined && rule.min > rule.max) {
        problems.push(`Field "${field.id}" has min above max`);
      }
      if (rule.after !== undefined) {
        const other = byId.get(rule.after);
        if (field.type !== "date" || other?.type !== "date") {
          problems.push(`Field "${field.id}" must be a date after an earlier date field`);
        }
      }
    }
    byId.set(field.id, field);
  }

  let nodes: ContentNode[] = [];
  try {
    nodes = parseContent(template.content);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }

  const used = new Set<string>();
  const walk = (list: readonly ContentNode[], guards: readonly Guard[]) => {
    for (const node of list) {
      if (node.kind === "text") {
        for (const match of node.text.matchAll(/\{\{[^{}]*\}\}|\{[^{}]*\}/g)) {
          const token = match[0];
          if (token.startsWith("{{")) {
            if (!/^\{\{(article|clause|item)\}\}$/.test(token)) problems.push(`Unknown tag ${token}`);
            continue;
          }
          const placeholder = /^\{([A-Za-z][A-Za-z0-9_]*)(\|lower)?\}$/.exec(token);
          const id = placeholder?.[1] ?? token.slice(1, -1);
          if (!placeholder) {
            problems.push(`Placeholder ${token} is not a field id or a known filter`);
            continue;
          }
          if (reserved.includes(id)) continue;
          const field = byId.get(id);
          if (!field) {
            problems.push(`Placeholder ${token} names no field`);
            continue;
          }
          used.add(id);
          if (!surelyAnswered(field, guards)) {
            problems.push(`Placeholder ${token} may be printed while "${id}" has no value; wrap it in {{#if ${id}}}`);
          }
        }
        continue;
      }
      const { condition } = node;
      const field = byId.get(condition.fieldId);
      if (!field) problems.push(`Block {{#${node.tag} ${condition.source}}} names no field`);
      else if (condition.value !== undefined && !checkConditionValue(field, condition.value)) {
        problems.push(`Block {{#${node.tag} ${condition.source}}} tests a value "${field.id}" cannot hold`);
      }
      used.add(condition.fieldId);
      const guard: Guard = { fieldId: condition.fieldId };
      if (condition.value !== undefined) guard.value = condition.value;
      const opposite = field ? oppositeGuard(field, condition, guards) : [];
      walk(node.body, node.tag === "if" ? [...guards, guard] : [...guards, ...opposite]);
      walk(node.otherwise, node.tag === "unless" ? [...guards, guard] : [...guards, ...opposite]);
    }
  };
  walk(nodes, []);

  for (const field of template.fields) {
    if (!used.has(field.id)) problems.push(`Field "${field.id}" is never used in the content`);
  }
  return problems;
}
