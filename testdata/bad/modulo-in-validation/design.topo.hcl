# Issue 19: the modulo panic inside a variable validation's condition.
variable "n" {
  type    = number
  default = 3
  validation {
    condition     = (var.n / 0) % 2 == 1
    error_message = "n must be odd."
  }
}
