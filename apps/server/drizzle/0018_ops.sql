-- Reserved slot (filled by the work that needs it).
SELECT 1;
