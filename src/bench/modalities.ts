/**
 * Imaging modality keys (PROTOCOL §3) with display names in both languages. Unknown keys are allowed
 * everywhere and shown humanised, because real files carry keys this table does not know.
 */
import type { Language } from './language.js';
import { nameTable, type NamedKey } from './name-table.js';

export type Modality = NamedKey;

export const MODALITIES: readonly Modality[] = [
  m('plain_computed_tomography_scan', 'CT平扫', 'plain CT scan'),
  m('contrast_computed_tomography_scan', 'CT增强', 'contrast-enhanced CT scan'),
  m('plain_computed_tomography_scan+contrast_computed_tomography_scan', 'CT平扫+增强', 'plain and contrast-enhanced CT scan'),
  m('color_doppler_ultrasound', '彩色多普勒超声', 'color Doppler ultrasound'),
  m('mammography', '乳腺钼靶', 'mammography'),
  m('plain_magnetic_resonance_imaging_scan', '磁共振平扫', 'plain MRI scan'),
  m('contrast_magnetic_resonance_imaging_scan', '磁共振增强', 'contrast-enhanced MRI scan'),
  m('plain_magnetic_resonance_imaging_scan+contrast_magnetic_resonance_imaging_scan', '磁共振平扫+增强', 'plain and contrast-enhanced MRI scan'),
  m('magnetic_resonance_angiography', '磁共振血管造影', 'magnetic resonance angiography (MRA)'),
  m('plain_magnetic_resonance_imaging_scan+magnetic_resonance_angiography', '磁共振平扫+血管造影', 'plain MRI scan and MR angiography'),
  m('magnetic_resonance_hydrography', '磁共振水成像', 'magnetic resonance hydrography'),
  m('plain_magnetic_resonance_imaging_scan+magnetic_resonance_hydrography', '磁共振平扫+水成像', 'plain MRI scan and MR hydrography'),
  m('digital_radiography', '数字X线摄影', 'digital radiography (X-ray)'),
  m('computed_tomography_angiography', 'CT血管造影', 'CT angiography (CTA)'),
  m('echocardiogram', '超声心动图', 'echocardiography'),
  m('coronary_arteriography', '冠状动脉造影', 'coronary angiography'),
  m('esophagogastroduodenoscopy', '食道、胃、十二指肠镜', 'esophagogastroduodenoscopy'),
  m('parathyroid_imaging', '甲状旁腺显像', 'parathyroid imaging'),
  m('nasopharyngoscope', '电子鼻咽喉镜', 'electronic nasopharyngolaryngoscopy'),
  m('gastrointestinal_tract_radiography', '消化道造影', 'gastrointestinal contrast radiography'),
];

function m(key: string, zh: string, en: string): Modality {
  return { key, zh, en };
}

const TABLE = nameTable(MODALITIES);
/** Longest keys first, so a site is split off the most specific modality. */
const BY_LENGTH = [...MODALITIES].sort((a, b) => b.key.length - a.key.length);

/**
 * A key that names a modality of the table and then the body site it was done on (`digital_radiography_right_knee`,
 * as importers write them so the site is not lost): the modality and the site, or undefined.
 */
export function modalityWithSite(key: string): { modality: Modality; site: string } | undefined {
  const k = key.trim();
  const modality = BY_LENGTH.find((m) => k.startsWith(`${m.key}_`) && k.length > m.key.length + 1);
  return modality ? { modality, site: k.slice(modality.key.length + 1).replace(/_/g, ' ') } : undefined;
}

/** The table entry for a key (also for a modality key followed by a body site), or undefined for keys the table does not know. */
export function modalityOf(key: string): Modality | undefined {
  return TABLE.of(key) ?? modalityWithSite(key)?.modality;
}

/**
 * A display name for any key: the table's name, with the body site after it for a key that carries one
 * (`digital radiography (X-ray), right knee`); unknown keys are humanised (`bone_scan` → `Bone scan`).
 */
export function modalityName(key: string, lang: Language): string {
  if (TABLE.of(key)) return TABLE.name(key, lang);
  const sited = modalityWithSite(key);
  if (!sited) return TABLE.name(key, lang);
  return lang === 'zh' ? `${sited.modality.zh}（${sited.site}）` : `${sited.modality.en}, ${sited.site}`;
}
