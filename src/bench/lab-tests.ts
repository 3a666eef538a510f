/**
 * Laboratory panel keys with display names. The first four are the keys of the authors' files (the bundled open
 * set uses them too); the rest are the other panels of the open set. Unknown keys load and are shown humanised.
 */
import { nameTable, type NamedKey } from './name-table.js';

export type LabPanel = NamedKey;

export const LAB_PANELS: readonly LabPanel[] = [
  p('routine_blood_test', '血常规', 'routine blood test'),
  p('blood_biochemistry_test', '血生化', 'blood biochemistry'),
  p('coagulation_function_test', '凝血功能', 'coagulation function'),
  p('tumor_marker_test', '肿瘤标志物', 'tumour markers'),
  p('liver_function', '肝功能', 'liver function tests'),
  p('renal_function', '肾功能', 'renal function'),
  p('electrolytes', '电解质', 'electrolytes'),
  p('urinalysis', '尿常规', 'urinalysis'),
  p('stool_routine', '粪便常规+隐血', 'stool routine and occult blood'),
  p('blood_glucose', '血糖', 'blood glucose'),
  p('glycated_hemoglobin', '糖化血红蛋白', 'glycated haemoglobin'),
  p('blood_lipids', '血脂', 'blood lipids'),
  p('thyroid_function', '甲状腺功能', 'thyroid function'),
  p('cardiac_markers', '心肌损伤标志物', 'myocardial injury markers'),
  p('bnp', '脑钠肽', 'natriuretic peptide'),
  p('arterial_blood_gas', '动脉血气分析', 'arterial blood gas'),
  p('inflammatory_markers', '炎症指标', 'inflammatory markers (CRP, PCT)'),
  p('d_dimer', 'D-二聚体', 'D-dimer'),
  p('urine_protein_24h', '24小时尿蛋白定量', '24-hour urine protein'),
  p('hormone_levels', '激素水平', 'hormone levels'),
  p('immunology', '免疫学检查', 'immunology'),
  p('serum_protein_electrophoresis', '血清蛋白电泳', 'serum protein electrophoresis'),
  p('hepatitis_b_markers', '乙肝两对半', 'hepatitis B markers'),
  p('cerebrospinal_fluid', '脑脊液检查', 'cerebrospinal fluid analysis'),
  p('bone_marrow', '骨髓细胞学', 'bone marrow smear'),
  p('blood_type_and_crossmatch', '血型', 'blood group and crossmatch'),
  p('pregnancy_test', '人绒毛膜促性腺激素', 'hCG (pregnancy test)'),
  p('pancreatic_enzymes', '血淀粉酶+脂肪酶', 'serum amylase and lipase'),
  p('iron_studies', '铁代谢', 'iron studies'),
  p('ebv_markers', 'EB病毒检测', 'Epstein-Barr virus markers'),
  p('pathogen_tests', '病原学检查', 'pathogen tests'),
  p('urine_calcium_24h', '尿钙定量（24小时）', 'urine calcium (24-hour)'),
  p('adrenal_venous_sampling', '肾上腺静脉采血', 'adrenal venous sampling'),
];

function p(key: string, zh: string, en: string): LabPanel {
  return { key, zh, en };
}

const TABLE = nameTable(LAB_PANELS);

/** The table entry for a key, or undefined for keys the table does not know. */
export const labPanelOf = TABLE.of;

/** A display name for any key; unknown keys are humanised (`bone_scan` → `Bone scan`). */
export const labPanelName = TABLE.name;
