import { readFile } from "node:fs/promises";
import { type BrandingConfig, brandingConfigSchema, DEFAULT_BRANDING } from "../../common/config.ts";
import { themeProblem, withDefaults } from "../../common/theme.ts";
import { ConfigError } from "../config.ts";
import { promptsProblem } from "./branding-prompts.ts";
import { stickersProblem } from "./branding-stickers.ts";

// The branding file (fanvas.config.json), read at start so an operator rebrands without rebuilding.

/**
 * Reads the branding file and merges it over DEFAULT_BRANDING. A missing default file means the
 * defaults; a missing file the operator named is an error, since they meant to rebrand.
 */
export async function loadBranding(path: string, explicit: boolean): Promise<BrandingConfig> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" && !explicit) return DEFAULT_BRANDING;
    throw new ConfigError(
      `Invalid config ${path}: the file cannot be read (${code}); fix FANVAS_CONFIG or create the file.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      `Invalid config ${path}: not valid JSON (${(error as Error).message}); fix the file's syntax.`,
    );
  }
  return validateBranding(parsed, path);
}

interface StringRule {
  readonly type: "string";
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  /** What a value matching the pattern is, said instead of the pattern itself. */
  readonly description?: string;
}

/**
 * Checks a parsed config against brandingConfigSchema (all its fields are strings) and `stickers`
 * (branding-stickers.ts), and names the first bad field. Small on purpose: the schema uses only these keywords, and a new keyword fails loudly here.
 */
export function validateBranding(value: unknown, source: string): BrandingConfig {
  const fail = (problem: string): never => {
    throw new ConfigError(`Invalid config ${source}: ${problem}`);
  };
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return fail("the file must hold one JSON object of branding fields.");
  }
  const rules: Record<string, StringRule> = brandingConfigSchema.properties;
  const known = [...Object.keys(rules), "stickers", "theme", "prompts", "videoTitle"];
  for (const [field, fieldValue] of Object.entries(value)) {
    const rule = rules[field];
    if (field === "stickers") {
      const problem = stickersProblem(fieldValue);
      if (problem !== undefined)
        fail(`${problem}; fix it, or remove the field to offer Fanvas's stickers only.`);
    } else if (field === "prompts") {
      const problem = promptsProblem(fieldValue);
      if (problem !== undefined) fail(`${problem}; fix it, or remove the entry.`);
    } else if (field === "theme") {
      const problem = themeProblem(fieldValue);
      if (problem !== undefined) fail(`"theme" ${problem}; fix it, or remove the field to use the default.`);
    } else if (field === "videoTitle") {
      if (typeof fieldValue !== "boolean")
        fail(
          `"videoTitle" must be true or false (got ${JSON.stringify(fieldValue)}); remove it to keep the title.`,
        );
    } else if (rule === undefined) {
      fail(`"${field}" is not a known field; remove it (known fields: ${known.join(", ")}).`);
    } else {
      const problem = checkString(fieldValue, rule);
      if (problem !== undefined)
        fail(`"${field}" ${problem}; fix it, or remove the field to use the default.`);
    }
  }
  const branding = value as Partial<BrandingConfig>;
  return { ...DEFAULT_BRANDING, ...branding, theme: withDefaults(branding.theme) };
}

function checkString(value: unknown, rule: StringRule): string | undefined {
  if (typeof value !== "string") return `must be a string (got ${JSON.stringify(value)})`;
  if (rule.minLength !== undefined && value.length < rule.minLength) {
    return `must be at least ${rule.minLength} characters long`;
  }
  if (rule.maxLength !== undefined && value.length > rule.maxLength) {
    return `must be at most ${rule.maxLength} characters long`;
  }
  if (rule.pattern !== undefined && !new RegExp(rule.pattern).test(value)) {
    const expected = rule.description === undefined ? `match ${rule.pattern}` : `be ${rule.description}`;
    return `must ${expected} (got ${JSON.stringify(value)})`;
  }
  return undefined;
}
