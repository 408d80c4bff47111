# Issue 19: a tier label with an ESC sequence printed raw terminal codes;
# a newline or backtick broke report.md's table.
fabric "backend" {
  clos {
    hosts     = 64
    host_rate = "400Gb/s"
    tier "leaf\u001b[31m" {
      model = "QM9700"
    }
    tier "spine`\n# injected" {
      model = "QM9700"
    }
  }
}
