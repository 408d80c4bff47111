# Issue 19: a template bomb in a variable validation's error_message.
variable "n" {
  type    = number
  default = 3
  validation {
    condition     = var.n > 4
    error_message = "%{for i in range(1024)}%{for j in range(1024)}${format("%04000d", 0)}%{endfor}%{endfor}"
  }
}
