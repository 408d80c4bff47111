variable "k" {
  default = 4
}
