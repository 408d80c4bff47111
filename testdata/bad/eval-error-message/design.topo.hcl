# Issue 19: a template bomb in a requirement's error_message.
fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}

requirement "full" {
  condition     = fabric.ft.bisection.ratio >= 2
  error_message = "%{for i in range(1024)}%{for j in range(1024)}${format("%04000d", 0)}%{endfor}%{endfor}"
}
