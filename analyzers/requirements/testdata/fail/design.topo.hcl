fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

requirement "big" { # want "requirement-failed"
  condition     = fabric.ft.endpoints >= 1000
  error_message = "only ${fabric.ft.endpoints} hosts"
}

requirement "soft" { # want "requirement-failed"
  condition     = fabric.ft.switches > 100
  error_message = "few switches"
  severity      = "warning"
}

requirement "typo" {
  condition     = fabric.ft.switchez > 1 # want "requirement-invalid"
  error_message = "x"
}

requirement "null" {
  condition     = null # want "requirement-invalid"
  error_message = "x"
}

requirement "string_true" {
  condition     = "true" # want "requirement-invalid"
  error_message = "x"
}

requirement "number_message" {
  condition     = fabric.ft.endpoints > 1000
  error_message = 42 # want "requirement-invalid"
}
