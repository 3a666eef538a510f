/** Importers: other datasets as ClinicalBench records (the AgentClinic preset, declarative mappings). */
export { fromAgentClinic, imagingKeyFromName, isOsceRecord, labKeyFromName, modalityFromName } from './agentclinic.js';
export { composeSummary, toRecord, type ImportedCase, type SummaryParts } from './compose.js';
export { readCsv, guessDelimiter, type CsvReadResult, type CsvRow } from './csv.js';
export { importText, readSource, sourceFormat, toJsonLines, PRESETS, type FilteredRecord, type ImportOptions, type ImportResult, type Preset, type SourceFormat } from './importer.js';
export { applyMapping, parseMapping, skipReason, MappingSchema, MAPPED_FIELDS, SUMMARY_PARTS, type Mapping } from './mapping.js';
export { getPath, parsePath } from './paths.js';
export { evaluateRule, RuleSchema, type Rule, type RuleResult } from './rules.js';
