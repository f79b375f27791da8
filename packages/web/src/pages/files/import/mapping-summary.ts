// A saved mapping (MappingMdl.mapData) in words for the Saved mappings list: which records it
// imports into and each file column with the field it fills, by the labels the importer shows.
import { IMPORT_ENTITIES, IMPORT_TARGETS, labelOfField } from './import-targets';
import { mappingFromMapData } from './suggest-mapping';

/** A mapping as people read it: the entity's label (null when the mapping names none) and column → field pairs. */
export interface MappingSummary {
  into: string | null;
  pairs: { column: string; field: string }[];
}

/** The label of `name` in the mapping's entity, else in the first entity that has such a field. */
function fieldLabel(entity: keyof typeof IMPORT_TARGETS | null, name: string): string {
  if (entity !== null) return labelOfField(IMPORT_TARGETS[entity], name);
  for (const candidate of IMPORT_ENTITIES) {
    const label = labelOfField(IMPORT_TARGETS[candidate], name);
    if (label !== name) return label;
  }
  return name;
}

/** Reads stored mapData (AWSJSON text or object) into words; null when it is not a mapping. Unmapped columns are left out. */
export function summarizeMapping(mapData: unknown): MappingSummary | null {
  const mapping = mappingFromMapData(mapData);
  if (mapping === null) return null;
  return {
    into: mapping.entity === null ? null : IMPORT_TARGETS[mapping.entity].label,
    pairs: Object.entries(mapping.columns)
      .filter(([, field]) => field !== '')
      .map(([column, field]) => ({ column, field: fieldLabel(mapping.entity, field) })),
  };
}
