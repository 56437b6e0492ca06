/**
 * The printed tables' rules, one for every document (room sheets, merit list, result sheet, slip): the
 * header repeated on each page, a row never split across pages, and separate borders, each cell drawing
 * its right and bottom ones, so the right-hand edge lies inside the table as the left one does (a
 * collapsed border lies half outside the table's width). A document sets its own font sizes.
 */
export const TABLE_STYLE = `
table { width: 100%; border-collapse: separate; border-spacing: 0; table-layout: fixed; }
thead { display: table-header-group; }
th { font-weight: 700; background: #e9e9e9; line-height: 1.2; }
th .en { font-weight: 400; }
/* Repeated at the top of each page: room above its line, else its Bengali vowel signs print at the foot of the page before. */
th.running { background: none; border: none; padding: 1.5mm 0 1mm; line-height: 1.5; text-align: right; font-weight: 400; font-size: 7.5pt; }
th, td { border: 0 solid #000; border-width: 0 0.3mm 0.3mm 0; padding: 1mm 1.5mm; vertical-align: middle; }
thead tr:last-child th { border-top-width: 0.3mm; }
th:first-child:not(.running), td:first-child { border-left-width: 0.3mm; }
tr { break-inside: avoid; }
td { overflow-wrap: anywhere; }
td.num { text-align: center; }
`;
