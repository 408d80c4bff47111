# Issue 19 attack: a custom switch's tier string reached the terminal,
# report.md and ir.json with escapes, newlines and table markup.
fabric "c" {
  custom {
    switch "a" {
      model = "QM9700"
      tier  = "x` | <b>y</b> |\n## H"
    }
    host "h" {
      rate = "400Gb/s"
    }
    link {
      a = "a"
      b = "h"
    }
  }
}
