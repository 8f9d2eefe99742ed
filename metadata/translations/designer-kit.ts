/** Default (en-gb) texts shared by the designers: who may see a page, row filters. */
export const designerKitTexts: Record<string, string> = {
  'DESIGNER_KIT.ADVANCED': 'Advanced',
  'DESIGNER_KIT.ADVANCED_HIDE': 'Hide advanced',
  'DESIGNER_KIT.WHO.EVERYONE': 'Everyone signed in',
  'DESIGNER_KIT.WHO.ONLY': 'Only holders of…',
  'DESIGNER_KIT.WHO.ONLY_LIST': 'Holders of any of these permissions',
  'DESIGNER_KIT.WHO.PICK': 'Pick permissions',
  'DESIGNER_KIT.WHO.EXCEPT': 'Except holders of',
  'DESIGNER_KIT.WHO.NOBODY': 'Nobody excepted',
  'DESIGNER_KIT.WHO.UNREADABLE':
    'This rule says more than the choices above can show. It stands as written under Advanced.',
  'DESIGNER_KIT.WHO.EXPRESSION': '{{what}}, as an expression',
  'DESIGNER_KIT.WHO.EXPRESSION_HELP':
    'Permission codes: a comma means "or", & means "and", ! before a code excludes its holders. Empty: everyone signed in.',
};
