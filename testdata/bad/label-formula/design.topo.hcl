# Issue 19: a fabric label reached plan.csv and netbox/cables.csv as a
# spreadsheet formula cell.
fabric "=HYPERLINK(\"http://evil/\")" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
