# A typo: a million switches in one custom block. Refused by the
# expansion budget before a million instances are evaluated.
fabric "c" {
  custom {
    switch "leaf" {
      model = "QM9700"
      count = 1000000
    }
  }
}
