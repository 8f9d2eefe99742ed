import { xmlText } from './xml-text';

const declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelationships = 'http://schemas.openxmlformats.org/package/2006/relationships';
const spreadsheetml = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** The parts of a one-sheet workbook besides its styles and its sheet, by path in the zip. */
export function workbookParts(sheetName: string, filterRange: string | undefined) {
  // A sheet's autofilter is named in the workbook too; Excel repairs a file without it.
  const quoted = `'${sheetName.replace(/'/g, "''")}'`;
  const filterName = filterRange
    ? '<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">' +
      `${xmlText(quoted)}!${filterRange.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2')}` +
      '</definedName></definedNames>'
    : '';
  return {
    '[Content_Types].xml':
      declaration +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/xl/workbook.xml" ContentType="${spreadsheetml}.sheet.main+xml"/>` +
      `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${spreadsheetml}.worksheet+xml"/>` +
      `<Override PartName="/xl/styles.xml" ContentType="${spreadsheetml}.styles+xml"/>` +
      '</Types>',
    '_rels/.rels':
      declaration +
      `<Relationships xmlns="${packageRelationships}">` +
      `<Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/>` +
      '</Relationships>',
    'xl/workbook.xml':
      declaration +
      `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${relationships}">` +
      '<bookViews><workbookView/></bookViews>' +
      `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
      filterName +
      '</workbook>',
    'xl/_rels/workbook.xml.rels':
      declaration +
      `<Relationships xmlns="${packageRelationships}">` +
      `<Relationship Id="rId1" Type="${relationships}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${relationships}/styles" Target="styles.xml"/>` +
      '</Relationships>',
  };
}
